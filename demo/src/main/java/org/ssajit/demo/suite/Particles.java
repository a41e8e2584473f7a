package org.ssajit.demo.suite;

import java.util.ArrayList;
import java.util.List;

/**
 * A numeric simulation with objects: particles joined by springs, with positions, velocities and
 * forces as small immutable vectors (every operation makes a new one), stepped by a method per spring
 * and per particle. A cloth of 20 x 20 particles drops from its top row under gravity, damped, its
 * lower edge stopped by a floor; a free ring of particles oscillates without damping under velocity
 * Verlet. Checks: the ring's energy stays within 0.1 % of its start and its momentum near zero; the
 * cloth stays on or above the floor and its pinned row does not move. Java's floating point is strict, so every mode
 * computes the same bits, which go into the checksum.
 */
final class Particles extends SuiteProgram {
    Particles() {
        super("particles");
    }

    @Override
    public int unitsPerIteration() {
        return 5;
    }

    @Override
    protected long expected() {
        return 3109623609963957299L;
    }

    /** An immutable 3-vector. */
    static final class Vec {
        static final Vec ZERO = new Vec(0, 0, 0);
        final double x;
        final double y;
        final double z;

        Vec(double x, double y, double z) {
            this.x = x;
            this.y = y;
            this.z = z;
        }

        Vec plus(Vec o) {
            return new Vec(x + o.x, y + o.y, z + o.z);
        }

        Vec minus(Vec o) {
            return new Vec(x - o.x, y - o.y, z - o.z);
        }

        Vec times(double s) {
            return new Vec(x * s, y * s, z * s);
        }

        double dot(Vec o) {
            return x * o.x + y * o.y + z * o.z;
        }

        double length() {
            return Math.sqrt(dot(this));
        }

        long bits() {
            return Double.doubleToLongBits(x) * 31 * 31 + Double.doubleToLongBits(y) * 31 + Double.doubleToLongBits(z);
        }
    }

    static final class Particle {
        Vec position;
        Vec velocity = Vec.ZERO;
        Vec force = Vec.ZERO;
        final double inverseMass;

        Particle(Vec position, double mass) {
            this.position = position;
            this.inverseMass = mass == Double.POSITIVE_INFINITY ? 0 : 1 / mass;
        }

        void push(Vec f) {
            force = force.plus(f);
        }
    }

    /** A spring between two particles with a rest length and a stiffness. */
    static final class Spring {
        final Particle a;
        final Particle b;
        final double rest;
        final double stiffness;

        Spring(Particle a, Particle b, double stiffness) {
            this.a = a;
            this.b = b;
            this.rest = b.position.minus(a.position).length();
            this.stiffness = stiffness;
        }

        /** Hooke's law along the spring, equal and opposite on both ends. */
        void apply() {
            Vec d = b.position.minus(a.position);
            double length = d.length();
            if (length == 0) {
                return;
            }
            Vec f = d.times(stiffness * (length - rest) / length);
            a.push(f);
            b.push(f.times(-1));
        }

        double energy() {
            double stretch = b.position.minus(a.position).length() - rest;
            return 0.5 * stiffness * stretch * stretch;
        }
    }

    @Override
    protected long unit() {
        long sum = cloth();
        return sum * 31 + ring();
    }

    /** The cloth: structural and shear springs, the top row pinned (infinite mass), a floor at y = -1.1. */
    private long cloth() {
        int n = 20;
        double spacing = 0.05;
        Particle[][] grid = new Particle[n][n];
        List<Particle> all = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double mass = i == 0 ? Double.POSITIVE_INFINITY : 0.01;
                // Slightly out of plane, so that the cloth folds instead of only stretching.
                grid[i][j] = new Particle(new Vec(j * spacing, -i * spacing, 0.002 * ((i * 7 + j * 3) % 5)), mass);
                all.add(grid[i][j]);
            }
        }
        List<Spring> springs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (j + 1 < n) {
                    springs.add(new Spring(grid[i][j], grid[i][j + 1], 60));
                }
                if (i + 1 < n) {
                    springs.add(new Spring(grid[i][j], grid[i + 1][j], 60));
                }
                if (i + 1 < n && j + 1 < n) {
                    springs.add(new Spring(grid[i][j], grid[i + 1][j + 1], 20));
                    springs.add(new Spring(grid[i][j + 1], grid[i + 1][j], 20));
                }
            }
        }
        Vec gravity = new Vec(0, -9.81, 0);
        Vec[] pinned = new Vec[n];
        for (int j = 0; j < n; j++) {
            pinned[j] = grid[0][j].position;
        }
        double dt = 0.001;
        for (int step = 0; step < 1500; step++) {
            for (Particle p : all) {
                p.force = p.inverseMass == 0 ? Vec.ZERO : gravity.times(1 / p.inverseMass);
            }
            for (Spring s : springs) {
                s.apply();
            }
            for (Particle p : all) {
                integrate(p, dt, 0.02, FLOOR);
            }
        }
        long sum = 0;
        double lowest = Double.POSITIVE_INFINITY;
        for (Particle p : all) {
            sum = sum * 31 + p.position.bits();
            lowest = Math.min(lowest, p.position.y);
        }
        for (int j = 0; j < n; j++) {
            check(grid[0][j].position == pinned[j], "cloth: a pinned particle moved");
        }
        check(lowest >= FLOOR && lowest < -0.5, "cloth: lowest point " + lowest);
        return sum;
    }

    private static final double FLOOR = -1.1;

    /** Semi-implicit Euler with damping; a particle below the floor is put on it, its fall reversed and halved. */
    private static void integrate(Particle p, double dt, double damping, double floor) {
        if (p.inverseMass == 0) {
            return;
        }
        Vec a = p.force.times(p.inverseMass);
        p.velocity = p.velocity.plus(a.times(dt)).times(1 - damping * dt);
        p.position = p.position.plus(p.velocity.times(dt));
        if (p.position.y < floor) {
            p.position = new Vec(p.position.x, floor, p.position.z);
            p.velocity = new Vec(p.velocity.x, -0.5 * p.velocity.y, p.velocity.z);
        }
    }

    /** A ring of 48 particles, each joined to its next two, one pulled out: energy and momentum conserved. */
    private long ring() {
        int n = 48;
        List<Particle> ps = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            // Points of a regular polygon with exact coordinates: no trigonometry, the same bits everywhere.
            double t = (double) i / n;
            Vec onCircle = polygon(t);
            ps.add(new Particle(onCircle, 1 + (i % 3) * 0.5));
        }
        List<Spring> springs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            springs.add(new Spring(ps.get(i), ps.get((i + 1) % n), 400));
            springs.add(new Spring(ps.get(i), ps.get((i + 2) % n), 150));
        }
        ps.get(0).position = ps.get(0).position.plus(new Vec(0.08, 0.03, 0.02));
        double dt = 0.0005;
        computeForces(ps, springs);
        double start = energy(ps, springs);
        for (int step = 0; step < 6000; step++) {
            // Velocity Verlet: half a kick, a drift, new forces, half a kick.
            for (Particle p : ps) {
                p.velocity = p.velocity.plus(p.force.times(p.inverseMass * dt / 2));
                p.position = p.position.plus(p.velocity.times(dt));
            }
            computeForces(ps, springs);
            for (Particle p : ps) {
                p.velocity = p.velocity.plus(p.force.times(p.inverseMass * dt / 2));
            }
        }
        double end = energy(ps, springs);
        check(Math.abs(end - start) <= 1e-3 * start, "ring: energy " + start + " became " + end);
        Vec momentum = Vec.ZERO;
        for (Particle p : ps) {
            momentum = momentum.plus(p.velocity.times(1 / p.inverseMass));
        }
        check(momentum.length() < 1e-9, "ring: momentum " + momentum.length());
        long sum = Double.doubleToLongBits(end);
        for (Particle p : ps) {
            sum = sum * 31 + p.position.bits();
        }
        return sum;
    }

    /** A point on the unit square's perimeter at fraction t of the way round, pushed out to a rounder shape. */
    private static Vec polygon(double t) {
        double u = t * 4;
        int side = (int) u;
        double f = u - side;
        double x;
        double y;
        switch (side) {
            case 0 -> {
                x = 1 - 2 * f;
                y = 1;
            }
            case 1 -> {
                x = -1;
                y = 1 - 2 * f;
            }
            case 2 -> {
                x = -1 + 2 * f;
                y = -1;
            }
            default -> {
                x = 1;
                y = -1 + 2 * f;
            }
        }
        double r = Math.sqrt(x * x + y * y);
        return new Vec(x / r, y / r, 0);
    }

    private static void computeForces(List<Particle> ps, List<Spring> springs) {
        for (Particle p : ps) {
            p.force = Vec.ZERO;
        }
        for (Spring s : springs) {
            s.apply();
        }
    }

    private static double energy(List<Particle> ps, List<Spring> springs) {
        double e = 0;
        for (Particle p : ps) {
            e += 0.5 / p.inverseMass * p.velocity.dot(p.velocity);
        }
        for (Spring s : springs) {
            e += s.energy();
        }
        return e;
    }
}
