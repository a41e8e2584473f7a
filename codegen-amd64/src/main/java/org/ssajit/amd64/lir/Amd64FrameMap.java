package org.ssajit.amd64.lir;

import org.ssajit.amd64.hotspot.Amd64ValueKind;
import org.ssajit.hotspot.HotSpotFrameMap;

/** codegen-core's {@link HotSpotFrameMap} of AMD64: the caller's rbp and the rescue slot below the return address. */
public final class Amd64FrameMap extends HotSpotFrameMap {
    public Amd64FrameMap() {
        super(Amd64ValueKind.WORD);
    }
}
