package org.ssajit.regalloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * The walk's queue hands out intervals by start, then by sequence (the order the allocator made
 * them), whatever the order they were queued in: the allocation, and so the code, must not depend on
 * the heap's shape. Random starts (many equal, some negative or large) and sequences, queued at once
 * and then while polling, as the walk queues split-off parts, against a sorted list.
 */
class IntervalQueueTest {
    private static Interval interval(int from, int sequence) {
        Interval v = new Interval(null, null, null, sequence, 1);
        v.addRange(from, from + 2);
        return v;
    }

    @Test
    void pollsInStartThenSequenceOrder() {
        Random random = new Random(20261202);
        Comparator<Interval> order = Comparator.comparingInt(Interval::from).thenComparingInt(v -> v.sequence);
        for (int round = 0; round < 300; round++) {
            int sequence = 0;
            List<Interval> initial = new ArrayList<>();
            int n = random.nextInt(60);
            int spread = 1 + random.nextInt(round % 3 == 0 ? 4 : 1000);
            for (int i = 0; i < n; i++) {
                initial.add(interval(random.nextInt(spread) - (round % 7 == 0 ? spread / 2 : 0), sequence++));
            }
            java.util.Collections.shuffle(initial, random);
            IntervalQueue q = new IntervalQueue(initial);
            List<Interval> model = new ArrayList<>(initial);
            int last = Integer.MIN_VALUE;
            while (!q.isEmpty()) {
                assertEquals(model.size(), q.size());
                model.sort(order);
                Interval expected = model.remove(0);
                Interval got = q.poll();
                assertEquals(expected, got, "round " + round);
                assertTrue(got.from() >= last);
                last = got.from();
                // The walk queues a part split off at or after the current position.
                if (random.nextInt(3) == 0) {
                    Interval split = interval(last + random.nextInt(spread), sequence++);
                    q.add(split);
                    model.add(split);
                }
            }
            assertTrue(model.isEmpty());
        }
    }
}
