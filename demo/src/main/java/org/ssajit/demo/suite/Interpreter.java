package org.ssajit.demo.suite;

import java.util.ArrayList;
import java.util.List;

/**
 * A bytecode interpreter: a small language (int locals, arrays, functions, while, if) whose syntax
 * trees are records, compiled by a pattern-matching switch into the code of a stack machine, which a
 * loop over a {@code switch} of opcodes runs. The programs: prime counting by trial division, a
 * sieve, recursive Fibonacci, Collatz chains and a bubble sort of generated numbers. Known answers
 * (pi(10000) = 1229, pi(100000) = 9592, fib(21) = 10946) and the same algorithms in Java check them.
 */
final class Interpreter extends SuiteProgram {
    Interpreter() {
        super("interpreter");
    }

    @Override
    public int unitsPerIteration() {
        return 5;
    }

    @Override
    protected long expected() {
        return 11940257561588L;
    }

    @Override
    protected long unit() {
        Compiler c = new Compiler();
        int isPrime = c.declare(1);
        int countPrimes = c.declare(1);
        int sieve = c.declare(1);
        int fib = c.declare(1);
        int collatz = c.declare(1);
        int sort = c.declare(2);
        // isPrime(n): trial division by 2, 3, 4, ... while d * d <= n (locals: n, d).
        c.define(isPrime, 2, seq(
                        when(bin(LT, local(0), num(2)), ret(num(0))),
                        assign(1, num(2)),
                        loop(bin(LE, bin(MUL, local(1), local(1)), local(0)), seq(
                                        when(bin(EQ, bin(REM, local(0), local(1)), num(0)), ret(num(0))),
                                        assign(1, bin(ADD, local(1), num(1))))),
                        ret(num(1))));
        // countPrimes(n): isPrime of 0 .. n - 1, summed (locals: n, i, count).
        c.define(countPrimes, 3, seq(
                        assign(1, num(0)), assign(2, num(0)),
                        loop(bin(LT, local(1), local(0)), seq(
                                        assign(2, bin(ADD, local(2), call(isPrime, local(1)))),
                                        assign(1, bin(ADD, local(1), num(1))))),
                        ret(local(2))));
        // sieve(n): the primes below n, crossed out in an array (locals: n, array, i, count, j).
        c.define(sieve, 5, seq(
                        assign(1, newArray(local(0))), assign(2, num(2)), assign(3, num(0)),
                        loop(bin(LT, local(2), local(0)), seq(
                                        when(bin(EQ, index(local(1), local(2)), num(0)), seq(
                                                        assign(3, bin(ADD, local(3), num(1))),
                                                        // j = i * i while it stays below n (i <= n / i: no overflow)
                                                        when(bin(LE, local(2), bin(DIV, local(0), local(2))), seq(
                                                                        assign(4, bin(MUL, local(2), local(2))),
                                                                        loop(bin(LT, local(4), local(0)), seq(
                                                                                        store(local(1), local(4), num(1)),
                                                                                        assign(4, bin(ADD, local(4), local(2))))))))),
                                        assign(2, bin(ADD, local(2), num(1))))),
                        ret(local(3))));
        // fib(n), recursively.
        c.define(fib, 1, seq(
                        when(bin(LT, local(0), num(2)), ret(local(0))),
                        ret(bin(ADD, call(fib, bin(SUB, local(0), num(1))), call(fib, bin(SUB, local(0), num(2)))))));
        // collatz(n): the steps of the chains of 1 .. n, summed (locals: n, i, x, steps).
        c.define(collatz, 4, seq(
                        assign(1, num(1)), assign(3, num(0)),
                        loop(bin(LE, local(1), local(0)), seq(
                                        assign(2, local(1)),
                                        loop(bin(NE, local(2), num(1)), seq(
                                                        ifElse(bin(EQ, bin(AND, local(2), num(1)), num(0)),
                                                                        assign(2, bin(SHR, local(2), num(1))),
                                                                        assign(2, bin(ADD, bin(MUL, local(2), num(3)), num(1)))),
                                                        assign(3, bin(ADD, local(3), num(1))))),
                                        assign(1, bin(ADD, local(1), num(1))))),
                        ret(local(3))));
        // sort(n, seed): n numbers of a generator, bubble-sorted; emits every 64th and returns 1 if
        // sorted (locals: n, seed, array, i, j, swap).
        c.define(sort, 6, seq(
                        assign(2, newArray(local(0))), assign(3, num(0)),
                        loop(bin(LT, local(3), local(0)), seq(
                                        assign(1, bin(ADD, bin(MUL, local(1), num(1103515245)), num(12345))),
                                        store(local(2), local(3), bin(AND, bin(SHR, local(1), num(8)), num(0xFFFF))),
                                        assign(3, bin(ADD, local(3), num(1))))),
                        assign(3, bin(SUB, local(0), num(1))),
                        loop(bin(LT, num(0), local(3)), seq(
                                        assign(4, num(0)),
                                        loop(bin(LT, local(4), local(3)), seq(
                                                        when(bin(LT, index(local(2), bin(ADD, local(4), num(1))), index(local(2), local(4))), seq(
                                                                        assign(5, index(local(2), local(4))),
                                                                        store(local(2), local(4), index(local(2), bin(ADD, local(4), num(1)))),
                                                                        store(local(2), bin(ADD, local(4), num(1)), local(5)))),
                                                        assign(4, bin(ADD, local(4), num(1))))),
                                        assign(3, bin(SUB, local(3), num(1))))),
                        assign(3, num(0)), assign(4, num(1)),
                        loop(bin(LT, local(3), length(local(2))), seq(
                                        when(bin(EQ, bin(AND, local(3), num(63)), num(0)), emit(index(local(2), local(3)))),
                                        when(bin(LT, num(0), local(3)), when(bin(LT, index(local(2), local(3)), index(local(2), bin(SUB, local(3), num(1)))),
                                                        assign(4, num(0)))),
                                        assign(3, bin(ADD, local(3), num(1))))),
                        ret(local(4))));
        Program p = c.finish();

        long sum = 0;
        int primes = new Machine(p).call(countPrimes, 10_000);
        check(primes == 1229, "pi(10000) = " + primes);
        int sieved = new Machine(p).call(sieve, 100_000);
        check(sieved == 9592, "sieve: pi(100000) = " + sieved);
        int f = new Machine(p).call(fib, 21);
        check(f == 10946, "fib(21) = " + f);
        Machine m = new Machine(p);
        int steps = m.call(collatz, 6_000);
        check(steps == javaCollatz(6_000), "collatz: " + steps + " steps, Java: " + javaCollatz(6_000));
        Machine sorter = new Machine(p);
        int sorted = sorter.call(sort, 400, 42);
        check(sorted == 1 && sorter.output == javaSortEmits(400, 42), "sort: sorted " + sorted + ", emitted " + sorter.output);
        sum = sum * 31 + primes;
        sum = sum * 31 + sieved;
        sum = sum * 31 + f;
        sum = sum * 31 + steps;
        sum = sum * 31 + sorter.output;
        return sum * 31 + p.code.length;
    }

    private static int javaCollatz(int n) {
        int total = 0;
        for (int i = 1; i <= n; i++) {
            int x = i;
            while (x != 1) {
                x = (x & 1) == 0 ? x >> 1 : x * 3 + 1;
                total++;
            }
        }
        return total;
    }

    /** What the VM's sort emits: every 64th of the sorted numbers, as {@link Machine#output} combines them. */
    private static long javaSortEmits(int n, int seed) {
        int[] a = new int[n];
        int x = seed;
        for (int i = 0; i < n; i++) {
            x = x * 1103515245 + 12345;
            a[i] = x >> 8 & 0xFFFF;
        }
        java.util.Arrays.sort(a);
        long out = 0;
        for (int i = 0; i < n; i += 64) {
            out = out * 31 + a[i];
        }
        return out;
    }

    // --- The language: expressions and statements as records ---------------------------------

    static final int ADD = 0;
    static final int SUB = 1;
    static final int MUL = 2;
    static final int DIV = 3;
    static final int REM = 4;
    static final int LT = 5;
    static final int LE = 6;
    static final int EQ = 7;
    static final int NE = 8;
    static final int AND = 9;
    static final int SHR = 10;

    sealed interface Expr permits Num, Local, Bin, Call, Index, NewArray, Length {
    }

    record Num(int value) implements Expr {
    }

    record Local(int slot) implements Expr {
    }

    record Bin(int op, Expr left, Expr right) implements Expr {
    }

    record Call(int function, List<Expr> args) implements Expr {
    }

    record Index(Expr array, Expr index) implements Expr {
    }

    record NewArray(Expr length) implements Expr {
    }

    record Length(Expr array) implements Expr {
    }

    sealed interface Stmt permits Assign, Store, If, While, Return, Seq, Emit {
    }

    record Assign(int slot, Expr value) implements Stmt {
    }

    record Store(Expr array, Expr index, Expr value) implements Stmt {
    }

    record If(Expr condition, Stmt then, Stmt otherwise) implements Stmt {
    }

    record While(Expr condition, Stmt body) implements Stmt {
    }

    record Return(Expr value) implements Stmt {
    }

    record Seq(List<Stmt> body) implements Stmt {
    }

    record Emit(Expr value) implements Stmt {
    }

    private static Expr num(int v) {
        return new Num(v);
    }

    private static Expr local(int slot) {
        return new Local(slot);
    }

    private static Expr bin(int op, Expr l, Expr r) {
        return new Bin(op, l, r);
    }

    private static Expr call(int f, Expr... args) {
        return new Call(f, List.of(args));
    }

    private static Expr index(Expr a, Expr i) {
        return new Index(a, i);
    }

    private static Expr newArray(Expr n) {
        return new NewArray(n);
    }

    private static Expr length(Expr a) {
        return new Length(a);
    }

    private static Stmt assign(int slot, Expr e) {
        return new Assign(slot, e);
    }

    private static Stmt store(Expr a, Expr i, Expr v) {
        return new Store(a, i, v);
    }

    private static Stmt when(Expr c, Stmt then) {
        return new If(c, then, null);
    }

    private static Stmt ifElse(Expr c, Stmt then, Stmt otherwise) {
        return new If(c, then, otherwise);
    }

    private static Stmt loop(Expr c, Stmt body) {
        return new While(c, body);
    }

    private static Stmt ret(Expr e) {
        return new Return(e);
    }

    private static Stmt emit(Expr e) {
        return new Emit(e);
    }

    private static Stmt seq(Stmt... s) {
        return new Seq(List.of(s));
    }

    // --- The stack machine's code and its compiler --------------------------------------------

    static final int OP_CONST = 0;
    static final int OP_LOAD = 1;
    static final int OP_STORE = 2;
    static final int OP_BIN = 3; // followed by the operator
    static final int OP_JUMP = 4;
    static final int OP_JUMP_IF_ZERO = 5;
    static final int OP_CALL = 6;
    static final int OP_RETURN = 7;
    static final int OP_NEW_ARRAY = 8;
    static final int OP_ALOAD = 9;
    static final int OP_ASTORE = 10;
    static final int OP_LENGTH = 11;
    static final int OP_EMIT = 12;

    /** Code for every function; {@code entry[f]}, {@code params[f]} and {@code locals[f]} per function. */
    record Program(int[] code, int[] entry, int[] params, int[] locals) {
    }

    static final class Compiler {
        private final List<Integer> params = new ArrayList<>();
        private final List<Integer> locals = new ArrayList<>();
        private final List<Integer> entries = new ArrayList<>();
        private int[] code = new int[256];
        private int size;

        int declare(int parameters) {
            params.add(parameters);
            locals.add(parameters);
            entries.add(-1);
            return params.size() - 1;
        }

        /** Compiles f's body; {@code frameSize} locals, the parameters first. */
        void define(int f, int frameSize, Stmt body) {
            locals.set(f, frameSize);
            entries.set(f, size);
            statement(body);
            emit(OP_CONST, 0);
            emit(OP_RETURN);
        }

        Program finish() {
            int n = entries.size();
            int[] e = new int[n];
            int[] p = new int[n];
            int[] l = new int[n];
            for (int i = 0; i < n; i++) {
                e[i] = entries.get(i);
                p[i] = params.get(i);
                l[i] = locals.get(i);
            }
            return new Program(java.util.Arrays.copyOf(code, size), e, p, l);
        }

        private void statement(Stmt s) {
            switch (s) {
                case Assign a -> {
                    expression(a.value());
                    emit(OP_STORE, a.slot());
                }
                case Store st -> {
                    expression(st.array());
                    expression(st.index());
                    expression(st.value());
                    emit(OP_ASTORE);
                }
                case If i -> {
                    expression(i.condition());
                    int toElse = jump(OP_JUMP_IF_ZERO);
                    statement(i.then());
                    if (i.otherwise() == null) {
                        patch(toElse, size);
                    } else {
                        int toEnd = jump(OP_JUMP);
                        patch(toElse, size);
                        statement(i.otherwise());
                        patch(toEnd, size);
                    }
                }
                case While w -> {
                    int top = size;
                    expression(w.condition());
                    int exit = jump(OP_JUMP_IF_ZERO);
                    statement(w.body());
                    emit(OP_JUMP, top);
                    patch(exit, size);
                }
                case Return r -> {
                    expression(r.value());
                    emit(OP_RETURN);
                }
                case Seq q -> {
                    for (Stmt t : q.body()) {
                        statement(t);
                    }
                }
                case Emit e -> {
                    expression(e.value());
                    emit(OP_EMIT);
                }
            }
        }

        private void expression(Expr e) {
            switch (e) {
                case Num n -> emit(OP_CONST, n.value());
                case Local l -> emit(OP_LOAD, l.slot());
                case Bin b -> {
                    expression(b.left());
                    expression(b.right());
                    emit(OP_BIN, b.op());
                }
                case Call c -> {
                    for (Expr a : c.args()) {
                        expression(a);
                    }
                    emit(OP_CALL, c.function());
                }
                case Index x -> {
                    expression(x.array());
                    expression(x.index());
                    emit(OP_ALOAD);
                }
                case NewArray a -> {
                    expression(a.length());
                    emit(OP_NEW_ARRAY);
                }
                case Length a -> {
                    expression(a.array());
                    emit(OP_LENGTH);
                }
            }
        }

        private int jump(int op) {
            emit(op, -1);
            return size - 1;
        }

        private void patch(int at, int target) {
            code[at] = target;
        }

        private void emit(int... words) {
            for (int w : words) {
                if (size == code.length) {
                    code = java.util.Arrays.copyOf(code, size * 2);
                }
                code[size++] = w;
            }
        }
    }

    /**
     * Runs a program: an operand stack, a stack of locals with a frame pointer, a stack of return
     * addresses, and a heap of int arrays addressed by their index. {@link #output} combines what
     * the program emits.
     */
    static final class Machine {
        private final Program program;
        private final int[] stack = new int[1 << 12];
        private final int[] frames = new int[1 << 14];
        private final int[] returns = new int[1 << 12];
        private int[][] heap = new int[8][];
        private int heapSize;
        long output;

        Machine(Program program) {
            this.program = program;
        }

        int call(int f, int... args) {
            System.arraycopy(args, 0, frames, 0, args.length);
            return run(program.entry()[f], program.locals()[f]);
        }

        private int run(int pc, int frameSize) {
            int[] code = program.code();
            int sp = 0;
            int fp = 0;
            int top = frameSize; // the first free slot of frames
            int depth = 0;
            while (true) {
                switch (code[pc]) {
                    case OP_CONST -> {
                        stack[sp++] = code[pc + 1];
                        pc += 2;
                    }
                    case OP_LOAD -> {
                        stack[sp++] = frames[fp + code[pc + 1]];
                        pc += 2;
                    }
                    case OP_STORE -> {
                        frames[fp + code[pc + 1]] = stack[--sp];
                        pc += 2;
                    }
                    case OP_BIN -> {
                        int r = stack[--sp];
                        int l = stack[sp - 1];
                        stack[sp - 1] = binary(code[pc + 1], l, r);
                        pc += 2;
                    }
                    case OP_JUMP -> pc = code[pc + 1];
                    case OP_JUMP_IF_ZERO -> pc = stack[--sp] == 0 ? code[pc + 1] : pc + 2;
                    case OP_CALL -> {
                        int f = code[pc + 1];
                        int n = program.params()[f];
                        // The new frame: below it the caller's frame pointer and the return address.
                        returns[depth++] = pc + 2;
                        returns[depth++] = fp;
                        sp -= n;
                        System.arraycopy(stack, sp, frames, top, n);
                        java.util.Arrays.fill(frames, top + n, top + program.locals()[f], 0);
                        fp = top;
                        top += program.locals()[f];
                        pc = program.entry()[f];
                    }
                    case OP_RETURN -> {
                        if (depth == 0) {
                            return stack[sp - 1];
                        }
                        top = fp;
                        fp = returns[--depth];
                        pc = returns[--depth];
                    }
                    case OP_NEW_ARRAY -> {
                        if (heapSize == heap.length) {
                            heap = java.util.Arrays.copyOf(heap, heapSize * 2);
                        }
                        heap[heapSize] = new int[stack[sp - 1]];
                        stack[sp - 1] = heapSize++;
                        pc++;
                    }
                    case OP_ALOAD -> {
                        int i = stack[--sp];
                        stack[sp - 1] = heap[stack[sp - 1]][i];
                        pc++;
                    }
                    case OP_ASTORE -> {
                        int v = stack[--sp];
                        int i = stack[--sp];
                        heap[stack[--sp]][i] = v;
                        pc++;
                    }
                    case OP_LENGTH -> {
                        stack[sp - 1] = heap[stack[sp - 1]].length;
                        pc++;
                    }
                    case OP_EMIT -> {
                        output = output * 31 + stack[--sp];
                        pc++;
                    }
                    default -> throw new IllegalStateException("bad opcode " + code[pc] + " at " + pc);
                }
            }
        }

        private static int binary(int op, int l, int r) {
            return switch (op) {
                case ADD -> l + r;
                case SUB -> l - r;
                case MUL -> l * r;
                case DIV -> l / r;
                case REM -> l % r;
                case LT -> l < r ? 1 : 0;
                case LE -> l <= r ? 1 : 0;
                case EQ -> l == r ? 1 : 0;
                case NE -> l != r ? 1 : 0;
                case AND -> l & r;
                case SHR -> l >> r;
                default -> throw new IllegalStateException("bad operator " + op);
            };
        }
    }
}
