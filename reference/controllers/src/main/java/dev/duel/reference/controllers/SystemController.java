package dev.duel.reference.controllers;

import dev.duel.reference.logic.HealthReport;
import dev.duel.reference.logic.MemoryReport;
import dev.duel.reference.logic.ProcessLogic;
import dev.duel.reference.logic.ReferenceApp;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

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

    @GetMapping("/process")
    ResponseEntity<StreamingResponseBody> process() {
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(out -> ProcessLogic.process(app.dataset(), out));
    }
}
