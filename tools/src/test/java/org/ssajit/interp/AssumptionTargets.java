package org.ssajit.interp;

/**
 * Classes for {@link IrInterpreterTest#aGraphWhoseAssumptionBrokeWhileItRanIsNotInterpretable}, outside
 * the test class: JUnit loads a test class's nested classes when it looks for nested tests, and
 * {@link Dime} must stay unloaded until the test loads it by name.
 */
final class AssumptionTargets {
    private AssumptionTargets() {
    }

    static class Coin {
        int value() {
            return 1;
        }
    }

    static final class Dime extends Coin {
        @Override
        int value() {
            return 10;
        }
    }

    static int valueTwice(Coin c, java.util.function.Supplier<Coin> later) {
        int a = c.value();
        Coin d = later.get();
        return a * 100 + d.value();
    }
}
