/** Small graph algorithms on int-numbered nodes, shared by the bytecode analyses and the IR. Depends on nothing. */
package org.ssajit.util;
