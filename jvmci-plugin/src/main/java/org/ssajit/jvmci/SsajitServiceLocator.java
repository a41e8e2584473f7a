package org.ssajit.jvmci;

import jdk.vm.ci.runtime.JVMCICompilerFactory;
import jdk.vm.ci.services.JVMCIServiceLocator;

/**
 * How JVMCI finds ssajit: listed in {@code META-INF/services/jdk.vm.ci.services.JVMCIServiceLocator},
 * loaded from the class path; {@code -Djvmci.Compiler=ssajit} then picks our factory by name.
 *
 * <p>Only {@code jdk.vm.ci.services} has to be exported on the command line: this class's constructor
 * (JVMCI's) opens the other JVMCI packages to our module. So nothing here may touch another JVMCI
 * package before the constructor ran: no static field of a JVMCI-implementing type (loading
 * {@link SsajitCompilerFactory} early fails with an access error, which kills the VM at JVMCI startup).
 */
public final class SsajitServiceLocator extends JVMCIServiceLocator {
    private volatile SsajitCompilerFactory factory;

    /**
     * JVMCI's constructor has opened its packages to this class's module. On the class path that is
     * the unnamed module, which holds all of ssajit. On the module path ({@code ssajit run}) each of
     * ssajit's jars is an automatic module of its own, so this passes the opening on to the others
     * (a module a package is open to may open it further).
     */
    public SsajitServiceLocator() {
        Module self = getClass().getModule();
        if (self.isNamed() && self.getLayer() != null) {
            Module jvmci = JVMCIServiceLocator.class.getModule();
            for (Module m : self.getLayer().modules()) {
                if (m != self && m.getName().startsWith(OwnCode.MODULE_PREFIX)) {
                    for (String pkg : jvmci.getPackages()) {
                        jvmci.addOpens(pkg, m);
                    }
                }
            }
        }
    }

    @Override
    protected <S> S getProvider(Class<S> service) {
        if (service != JVMCICompilerFactory.class) {
            return null;
        }
        SsajitCompilerFactory f = factory;
        if (f == null) {
            f = new SsajitCompilerFactory();
            factory = f;
        }
        return service.cast(f);
    }
}
