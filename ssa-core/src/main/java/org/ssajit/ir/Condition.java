package org.ssajit.ir;

/** Conditions of {@link If}: signed integer comparisons, or identity comparisons of references (EQ/NE). */
public enum Condition {
    EQ("=="), NE("!="), LT("<"), GE(">="), GT(">"), LE("<=");

    private final String symbol;

    Condition(String symbol) {
        this.symbol = symbol;
    }

    public String symbol() {
        return symbol;
    }

    public Condition negate() {
        return switch (this) {
            case EQ -> NE;
            case NE -> EQ;
            case LT -> GE;
            case GE -> LT;
            case GT -> LE;
            case LE -> GT;
        };
    }

    /** The condition with operands swapped: {@code x < y} iff {@code y > x}. */
    public Condition mirror() {
        return switch (this) {
            case EQ, NE -> this;
            case LT -> GT;
            case GE -> LE;
            case GT -> LT;
            case LE -> GE;
        };
    }

    public boolean test(int x, int y) {
        return switch (this) {
            case EQ -> x == y;
            case NE -> x != y;
            case LT -> x < y;
            case GE -> x >= y;
            case GT -> x > y;
            case LE -> x <= y;
        };
    }

    /** Whether {@code x cond x} holds, i.e. the result when both operands are the same value. */
    public boolean reflexive() {
        return this == EQ || this == GE || this == LE;
    }
}
