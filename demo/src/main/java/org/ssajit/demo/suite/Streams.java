package org.ssajit.demo.suite;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IntSummaryStatistics;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.IntUnaryOperator;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;
import java.util.stream.Collector;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * Lambdas and streams over generated orders: grouping and summing collectors, partitioning, sorting
 * by composed comparators, {@code flatMap}, {@code teeing}, a collector of its own, {@code reduce},
 * primitive streams and their statistics, composed functions and predicates, {@link Optional}
 * chains. Checks: every pipeline's result equals what plain loops compute from the same orders.
 */
final class Streams extends SuiteProgram {
    Streams() {
        super("streams");
    }

    @Override
    public int unitsPerIteration() {
        return 5;
    }

    @Override
    protected long expected() {
        return 3232150736682531412L;
    }

    private static final String[] CATEGORIES = {"books", "games", "garden", "kitchen", "music", "tools", "toys"};

    record Item(String sku, int quantity, long cents) {
        long total() {
            return quantity * cents;
        }
    }

    record Order(int id, String customer, String category, int day, List<Item> items) {
        long total() {
            long t = 0;
            for (Item i : items) {
                t += i.total();
            }
            return t;
        }
    }

    @Override
    protected long unit() {
        Rng rng = new Rng(11);
        List<Order> orders = new ArrayList<>();
        for (int id = 0; id < 25_000; id++) {
            List<Item> items = new ArrayList<>();
            int n = rng.between(1, 5);
            for (int k = 0; k < n; k++) {
                items.add(new Item("sku-" + rng.below(500), rng.between(1, 4), 99 + rng.below(20_000)));
            }
            orders.add(new Order(id, "c" + rng.below(900), CATEGORIES[rng.below(CATEGORIES.length)], rng.below(365), List.copyOf(items)));
        }
        long sum = byCategory(orders);
        sum = sum * 31 + topCustomers(orders);
        sum = sum * 31 + partitions(orders);
        sum = sum * 31 + skus(orders);
        sum = sum * 31 + functions(orders);
        return sum;
    }

    /** Revenue per category (grouping into a tree map), checked by a loop. */
    private long byCategory(List<Order> orders) {
        Map<String, Long> revenue = orders.stream().collect(Collectors.groupingBy(Order::category, TreeMap::new, Collectors.summingLong(Order::total)));
        Map<String, Long> loop = new TreeMap<>();
        for (Order o : orders) {
            loop.put(o.category(), loop.getOrDefault(o.category(), 0L) + o.total());
        }
        check(revenue.equals(loop), "streams: revenue by category");
        Map<String, Double> averageItems = orders.stream()
                        .collect(Collectors.groupingBy(Order::category, TreeMap::new, Collectors.averagingInt(o -> o.items().size())));
        long sum = revenue.hashCode();
        for (double d : averageItems.values()) {
            sum = sum * 31 + Double.doubleToLongBits(d);
        }
        return sum;
    }

    /** The 20 customers of most revenue (ties by name), with a reversed, composed comparator. */
    private long topCustomers(List<Order> orders) {
        Map<String, Long> byCustomer = orders.stream().collect(Collectors.toMap(Order::customer, Order::total, Long::sum));
        List<Map.Entry<String, Long>> top = byCustomer.entrySet().stream()
                        .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                        .limit(20).toList();
        List<Map.Entry<String, Long>> all = new ArrayList<>(byCustomer.entrySet());
        all.sort((a, b) -> a.getValue().equals(b.getValue()) ? a.getKey().compareTo(b.getKey()) : Long.compare(b.getValue(), a.getValue()));
        check(top.equals(all.subList(0, 20)), "streams: top customers");
        String names = top.stream().map(Map.Entry::getKey).collect(Collectors.joining(",", "[", "]"));
        return names.hashCode() * 31L + top.get(0).getValue();
    }

    /** Large and small orders (partitioning and teeing), and the busiest day. */
    private long partitions(List<Order> orders) {
        Predicate<Order> large = o -> o.total() > 20_000;
        Predicate<Order> manyItems = o -> o.items().size() >= 4;
        Map<Boolean, Long> counts = orders.stream().collect(Collectors.partitioningBy(large.and(manyItems.negate()), Collectors.counting()));
        long loopLarge = 0;
        for (Order o : orders) {
            if (o.total() > 20_000 && o.items().size() < 4) {
                loopLarge++;
            }
        }
        check(counts.get(true) == loopLarge && counts.get(false) == orders.size() - loopLarge, "streams: partition");
        long[] minMax = orders.stream().collect(Collectors.teeing(Collectors.minBy(Comparator.comparingLong(Order::total)),
                        Collectors.maxBy(Comparator.comparingLong(Order::total)), (a, b) -> new long[]{a.orElseThrow().total(), b.orElseThrow().total()}));
        Map<Integer, Long> perDay = orders.stream().collect(Collectors.groupingBy(Order::day, Collectors.counting()));
        Optional<Map.Entry<Integer, Long>> busiest = perDay.entrySet().stream()
                        .max(Map.Entry.<Integer, Long>comparingByValue().thenComparing(Map.Entry.comparingByKey(Comparator.reverseOrder())));
        int[] loopDays = new int[365];
        for (Order o : orders) {
            loopDays[o.day()]++;
        }
        int best = 0;
        for (int d = 1; d < 365; d++) {
            if (loopDays[d] > loopDays[best]) {
                best = d;
            }
        }
        check(busiest.map(Map.Entry::getKey).orElse(-1) == best, "streams: busiest day");
        return ((counts.get(true) * 31 + minMax[0]) * 31 + minMax[1]) * 31 + best;
    }

    /** Items through flatMap: distinct skus, quantity statistics, a histogram by a collector of its own. */
    private long skus(List<Order> orders) {
        long distinct = orders.stream().flatMap(o -> o.items().stream()).map(Item::sku).distinct().count();
        java.util.Set<String> loop = new java.util.HashSet<>();
        for (Order o : orders) {
            for (Item i : o.items()) {
                loop.add(i.sku());
            }
        }
        check(distinct == loop.size(), "streams: distinct skus");
        IntSummaryStatistics quantities = orders.stream().flatMap(o -> o.items().stream()).mapToInt(Item::quantity).summaryStatistics();
        // A histogram of item totals in buckets of 10,000 cents, as an array-backed collector.
        Collector<Item, long[], long[]> histogram = Collector.of(() -> new long[10], (h, i) -> h[(int) Math.min(9, i.total() / 10_000)]++, (a, b) -> {
            for (int k = 0; k < a.length; k++) {
                a[k] += b[k];
            }
            return a;
        });
        long[] h = orders.stream().flatMap(o -> o.items().stream()).collect(histogram);
        long items = 0;
        long sum = 0;
        for (long c : h) {
            items += c;
            sum = sum * 31 + c;
        }
        check(items == quantities.getCount(), "streams: histogram");
        return ((sum * 31 + distinct) * 31 + quantities.getSum()) * 31 + quantities.getMax();
    }

    /** Composed functions and operators, iterate and reduce, boxed and primitive. */
    private long functions(List<Order> orders) {
        Function<Order, Long> total = Order::total;
        Function<Order, Long> discounted = total.andThen(t -> t - t / 10).andThen(t -> t > 50_000 ? t - 1_000 : t);
        ToLongFunction<Order> loop = o -> {
            long t = o.total();
            t -= t / 10;
            return t > 50_000 ? t - 1_000 : t;
        };
        long a = orders.stream().map(discounted).reduce(0L, Long::sum);
        long b = orders.stream().mapToLong(loop).sum();
        check(a == b, "streams: composed functions");
        IntUnaryOperator step = x -> (x & 1) == 0 ? x / 2 : 3 * x + 1;
        long chains = IntStream.rangeClosed(1, 3000).mapToLong(n -> IntStream.iterate(n, x -> x != 1, step).count()).sum();
        Map<Integer, List<Integer>> byLength = Stream.of("a", "bb", "cc", "ddd", "e", "ffff").collect(Collectors.groupingBy(String::length, HashMap::new,
                        Collectors.mapping(String::length, Collectors.toList())));
        return (a * 31 + chains) * 31 + byLength.size();
    }
}
