/**
 * The IR interpreter and differential testing: the executable form of "the SSA program computes what
 * the bytecode computes", with HotSpot as the oracle.
 *
 * <ul>
 * <li>{@link org.ssajit.interp.IrInterpreter} runs a {@link org.ssajit.ir.Graph} with the JVM's
 * semantics and returns an {@link org.ssajit.interp.Outcome}: {@code Returned}, {@code Threw},
 * {@code NotInterpretable} (it cannot run this faithfully; nothing is concluded) or {@code Malformed}
 * (the graph broke an IR invariant: a construction bug).</li>
 * <li>{@link org.ssajit.interp.DifferentialRunner} runs a method by reflection and its graphs (every
 * build variant, built before and after the method first ran) in the interpreter, and compares
 * results, exceptions, argument arrays, receivers and observed state with
 * {@link org.ssajit.interp.Equivalence}; {@link org.ssajit.interp.Inputs} generates arguments.</li>
 * </ul>
 *
 * <p>What the interpreter cannot do, precisely (each becomes {@code NotInterpretable}, never a wrong
 * answer):
 * <ul>
 * <li>a constructor's own graph: its {@code super(...)}/{@code this(...)} call would have to run a
 * constructor on an already allocated object, which reflection cannot do (allocations inside an
 * interpreted method are fine: see the placeholder scheme in {@code IrInterpreter});</li>
 * <li>calls to caller-sensitive methods ({@code Class.forName(String)}, {@code MethodHandles.lookup()},
 * ...), which would see the interpreter as their caller;</li>
 * <li>members the module system hides from the unnamed module (e.g. {@code jdk.internal.*} calls inside
 * JDK methods, non-public members of packages java.base does not open; surefire opens java.lang);</li>
 * <li>values only hand-written bytecode can produce and reflection cannot pass: an int outside the range
 * of a byte/short/char/boolean parameter, an object passed or stored as an interface type it does not
 * implement;</li>
 * <li>monitors released out of order, or released when acquired outside the interpreted activation
 * (locking must be block-structured, which the parser already requires);</li>
 * <li>MethodHandle/VarHandle call sites linked by HotSpot whose adapter or appendix it does not
 * recognize ({@code invokeExact_MT}, {@code invoke_MT}, VarHandle {@code AccessDescriptor} are known);
 * runs longer than the step limit.</li>
 * </ul>
 * Known approximations: resolution by name (unresolved entries) follows JVMS 5.4.3 but approximates the
 * maximally-specific interface method rule by breadth-first order and does not repeat access checks;
 * exceptions created by the interpreter (NullPointerException, ClassCastException, ...) have their own
 * messages, which is why outcomes compare exceptions by class.
 *
 * <p>Depends on {@code ir}, {@code parse}, {@code verify} and {@code bytecode} (to find an unlinked
 * invokedynamic's constant-pool index); nothing in the compiler depends on this package.
 */
package org.ssajit.interp;
