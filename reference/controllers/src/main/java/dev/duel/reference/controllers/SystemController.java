package dev.duel.reference.controllers;

import dev.duel.reference.logic.HealthReport;
import dev.duel.reference.logic.MemoryReport;
import dev.duel.reference.logic.ProcessLogic;
import dev.duel.reference.logic.ReferenceApp;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** Identity, memory, and the CPU-bound {@code /process}, streamed as it is written. */
@RestController
class SystemController {
    private final ReferenceApp app;

    SystemController(ReferenceApp app) {
        this.app = app;
    }

    @GetMapping("/health")
    HealthReport health() {
        return app.health();
    }

    @GetMapping("/memory")
    MemoryReport memory() {
        return MemoryReport.current();
    }

    /**
     * Streamed on the request's own thread, like the minimal app: a {@code StreamingResponseBody} would
     * hand the work to an 8-thread async pool with a 30 s timeout, and measure that pool instead.
     */
    @GetMapping("/process")
    void process(HttpServletResponse response) throws IOException {
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        OutputStream out = response.getOutputStream();
        ProcessLogic.process(app.dataset(), out);
        out.flush();
    }
}
