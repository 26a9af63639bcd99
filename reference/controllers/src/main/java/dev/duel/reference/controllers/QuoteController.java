package dev.duel.reference.controllers;

import dev.duel.reference.logic.NewProduct;
import dev.duel.reference.logic.Problem;
import dev.duel.reference.logic.Quote;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** {@code POST /quote?quantity=N}: body binding, a query parameter and JSON out, with no database. */
@RestController
class QuoteController {
    @PostMapping(path = "/quote", consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<?> quote(@Valid @RequestBody QuoteRequest request, HttpServletRequest http) {
        int count;
        try {
            // The first value as sent, as in the minimal app: a bound String would join repeats with
            // commas, a bound list would turn "quantity=" into no value at all.
            String[] quantity = http.getParameterValues("quantity");
            count = Quote.quantity(quantity == null ? null : quantity[0]);
        } catch (IllegalArgumentException e) {
            return ResponseEntity.badRequest()
                    .contentType(MediaType.parseMediaType(Problem.MEDIA_TYPE))
                    .body(Problem.badQuantity(e.getMessage()));
        }
        return ResponseEntity.ok(Quote.of(new NewProduct(request.sku(), request.name(), request.priceCents()), count));
    }
}
