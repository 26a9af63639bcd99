package dev.duel.reference.controllers;

import dev.duel.reference.logic.NewProduct;
import dev.duel.reference.logic.Problem;
import dev.duel.reference.logic.Quote;
import jakarta.validation.Valid;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** {@code POST /quote?quantity=N}: body binding, a query parameter and JSON out, with no database. */
@RestController
class QuoteController {
    @PostMapping(path = "/quote", consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<?> quote(@Valid @RequestBody QuoteRequest request, @RequestParam(required = false) String quantity) {
        int count;
        try {
            count = Quote.quantity(quantity);
        } catch (IllegalArgumentException e) {
            return ResponseEntity.badRequest().contentType(MediaType.parseMediaType(Problem.MEDIA_TYPE))
                    .body(Problem.badQuantity(e.getMessage()));
        }
        return ResponseEntity.ok(Quote.of(new NewProduct(request.sku(), request.name(), request.priceCents()), count));
    }
}
