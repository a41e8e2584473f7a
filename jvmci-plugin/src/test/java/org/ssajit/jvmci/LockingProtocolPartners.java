package org.ssajit.jvmci;

/** {@link LockingProtocolTargets#bump}'s twin for HotSpot's compilers (this class is not kept from them). */
final class LockingProtocolPartners {
    private LockingProtocolPartners() {
    }

    static int bumpHot(LockingProtocolTargets.Pair p, int n) {
        int seen = 0;
        for (int i = 0; i < n; i++) {
            synchronized (p) {
                if (p.a != p.b) {
                    p.torn++;
                }
                int a = p.a;
                p.a = a + 1;
                seen += Thread.holdsLock(p) ? 1 : 0;
                p.b = p.b + 1;
            }
        }
        return seen;
    }
}
