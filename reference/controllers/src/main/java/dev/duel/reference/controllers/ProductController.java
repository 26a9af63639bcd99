package dev.duel.reference.controllers;

import dev.duel.reference.logic.DuplicateSkuException;
import dev.duel.reference.logic.NewProduct;
import dev.duel.reference.logic.Problem;
import dev.duel.reference.logic.ProductRepository;
import dev.duel.reference.logic.ProductRules;
import dev.duel.reference.logic.ProductView;
import dev.duel.reference.logic.ReferenceApp;
import dev.duel.reference.logic.ValidationErrors;
import jakarta.validation.Valid;
import java.net.URI;
import java.sql.SQLException;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** Products, the annotated way: typed path variables, {@code @Valid} bodies, exceptions to advice. */
@RestController
class ProductController {
    private final ReferenceApp app;

    ProductController(ReferenceApp app) {
        this.app = app;
    }

    @GetMapping("/json")
    ProductView json() {
        return ProductView.SAMPLE;
    }

    /** The id is taken as text and parsed by the shared rule: Spring's own conversion would also take " 42" and "0x2A". */
    @GetMapping("/products/{id}")
    ResponseEntity<?> product(@PathVariable String id) throws SQLException {
        Long parsed = ProductRules.parseId(id);
        if (parsed == null) {
            return problem(Problem.badId(id));
        }
        return repository()
                .findById(parsed)
                .<ResponseEntity<?>>map(ResponseEntity::ok)
                .orElseGet(() -> problem(Problem.notFound(parsed)));
    }

    private static ResponseEntity<?> problem(Problem problem) {
        return ResponseEntity.status(problem.status())
                .contentType(MediaType.parseMediaType(Problem.MEDIA_TYPE))
                .body(problem);
    }

    @PostMapping(path = "/products", consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<?> create(@Valid @RequestBody CreateProductRequest request) throws SQLException {
        try {
            ProductView created =
                    repository().insert(new NewProduct(request.sku(), request.name(), request.priceCents()));
            return ResponseEntity.created(URI.create("/products/" + created.id()))
                    .body(created);
        } catch (DuplicateSkuException raceLost) {
            return ResponseEntity.badRequest().body(ValidationErrors.duplicateSku(raceLost.sku()));
        }
    }

    /** Present whenever a handler runs: {@link WebSettings} answers 503 first otherwise. */
    private ProductRepository repository() {
        return app.products().orElseThrow();
    }
}
