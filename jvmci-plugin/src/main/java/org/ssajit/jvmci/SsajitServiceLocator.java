package org.ssajit.jvmci;

import jdk.vm.ci.runtime.JVMCICompilerFactory;
import jdk.vm.ci.services.JVMCIServiceLocator;

/**
 * How JVMCI finds ssajit: listed in {@code META-INF/services/jdk.vm.ci.services.JVMCIServiceLocator},
 * loaded from the class path; {@code -Djvmci.Compiler=ssajit} then picks our factory by name.
 */
public final class SsajitServiceLocator extends JVMCIServiceLocator {
    private static final SsajitCompilerFactory FACTORY = new SsajitCompilerFactory();

    @Override
    protected <S> S getProvider(Class<S> service) {
        return service == JVMCICompilerFactory.class ? service.cast(FACTORY) : null;
    }
}
