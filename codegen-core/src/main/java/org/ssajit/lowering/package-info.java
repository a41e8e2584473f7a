/**
 * The HotSpot lowering ({@link org.ssajit.lowering.HotSpotLowering}): between the SSA optimizations and
 * instruction selection, the Java semantics and HotSpot layouts of a method made explicit once for
 * every target (checks and deoptimizations, field and element addresses, narrow oops, memory
 * barriers), and the refusal of what is not compiled yet ({@code LoweringScope}). Depends on
 * ssa-core's IR and the VM's values ({@link org.ssajit.hotspot.HotSpotVmConfig}); knows no machine.
 */
package org.ssajit.lowering;
