package dev.duel.reference.minimal;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.duel.reference.logic.DuplicateSkuException;
import dev.duel.reference.logic.Json;
import dev.duel.reference.logic.MemoryReport;
import dev.duel.reference.logic.NewProduct;
import dev.duel.reference.logic.Problem;
import dev.duel.reference.logic.ProcessLogic;
import dev.duel.reference.logic.ProductRepository;
import dev.duel.reference.logic.ProductRules;
import dev.duel.reference.logic.ProductView;
import dev.duel.reference.logic.Quote;
import dev.duel.reference.logic.ReferenceApp;
import dev.duel.reference.logic.ValidationErrors;
import io.javalin.Javalin;
import io.javalin.compression.CompressionStrategy;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.OutputStream;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Every route of the reference API as a lambda, validation as an explicit step: the minimal style.
 * The contracts are the controllers app's, byte for byte.
 */
final class Routes {
    private static final String JSON = "application/json";

    private Routes() {
    }

    static Javalin create(ReferenceApp app) {
        return Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            config.startup.showOldJavalinVersionWarning = false;
            config.http.compressionStrategy = CompressionStrategy.NONE;

            config.routes.get("/json", ctx -> json(ctx, 200, ProductView.SAMPLE));

            config.routes.get("/products/{id}", ctx -> {
                Optional<ProductRepository> products = app.products();
                if (products.isEmpty()) {
                    problem(ctx, Problem.noDatabase());
                    return;
                }
                String raw = ctx.pathParam("id");
                long id;
                try {
                    id = Long.parseLong(raw);
                } catch (NumberFormatException e) {
                    problem(ctx, Problem.badId(raw));
                    return;
                }
                Optional<ProductView> product = products.get().findById(id);
                if (product.isPresent()) {
                    json(ctx, 200, product.get());
                } else {
                    problem(ctx, Problem.notFound(id));
                }
            });

            config.routes.post("/products", ctx -> {
                Optional<ProductRepository> products = app.products();
                if (products.isEmpty()) {
                    problem(ctx, Problem.noDatabase());
                    return;
                }
                NewProduct input = validProduct(ctx, (product, errors) -> {
                    if (ProductRules.skuWellFormed(product.sku()) && products.get().skuExists(product.sku())) {
                        ProductRules.add(errors, "sku", ProductRules.duplicateSku(product.sku()));
                    }
                });
                if (input == null) {
                    return;
                }
                try {
                    ProductView created = products.get().insert(input);
                    ctx.header("Location", "/products/" + created.id());
                    json(ctx, 201, created);
                } catch (DuplicateSkuException raceLost) {
                    json(ctx, 400, ValidationErrors.duplicateSku(raceLost.sku()));
                }
            });

            config.routes.post("/quote", ctx -> {
                NewProduct input = validProduct(ctx, (product, errors) -> { });
                if (input == null) {
                    return;
                }
                try {
                    json(ctx, 200, Quote.of(input, Quote.quantity(ctx.queryParam("quantity"))));
                } catch (IllegalArgumentException e) {
                    problem(ctx, Problem.badQuantity(e.getMessage()));
                }
            });

            config.routes.get("/process", ctx -> {
                ctx.status(200).contentType(JSON);
                OutputStream out = ctx.outputStream();
                ProcessLogic.process(app.dataset(), out);
                out.flush();
            });

            config.routes.get("/health", ctx -> json(ctx, 200, app.health()));
            config.routes.get("/memory", ctx -> json(ctx, 200, MemoryReport.current()));

            config.routes.exception(SQLException.class, (e, ctx) -> problem(ctx, Problem.databaseFailed()));
            config.routes.error(404, ctx -> {
                // Runs for every 404; a "no such product" answer is already a problem body and stays.
                if (!Problem.MEDIA_TYPE.equals(ctx.res().getContentType())) {
                    problem(ctx, Problem.noRoute(ctx.method().name(), ctx.path()));
                }
            });
        });
    }

    /** A rule beyond the field rules, which may ask the database. */
    @FunctionalInterface
    private interface ExtraRule {
        void check(NewProduct product, Map<String, List<String>> errors) throws SQLException;
    }

    /**
     * The validation step: the JSON body as a product that passed the field rules and {@code extra},
     * or null after answering 415 (not JSON) or 400 (unreadable, or with the errors).
     */
    private static NewProduct validProduct(Context ctx, ExtraRule extra) throws SQLException {
        String contentType = ctx.contentType();
        if (contentType == null || !contentType.toLowerCase(Locale.ROOT).startsWith(JSON)) {
            problem(ctx, Problem.notJson());
            return null;
        }
        NewProduct input;
        try {
            input = Json.MAPPER.readValue(ctx.bodyAsBytes(), NewProduct.class);
        } catch (IOException e) {
            input = null;
        }
        if (input == null) {
            json(ctx, 400, ValidationErrors.malformedBody());
            return null;
        }
        Map<String, List<String>> errors = ProductRules.fieldErrors(input);
        extra.check(input, errors);
        if (!errors.isEmpty()) {
            json(ctx, 400, new ValidationErrors(errors));
            return null;
        }
        return input;
    }

    private static void json(Context ctx, int status, Object body) {
        ctx.status(status).contentType(JSON).result(bytes(body));
    }

    private static void problem(Context ctx, Problem problem) {
        ctx.status(problem.status()).contentType(Problem.MEDIA_TYPE).result(bytes(problem));
    }

    private static byte[] bytes(Object body) {
        try {
            return Json.MAPPER.writeValueAsBytes(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a reply record could not be written as JSON", e);
        }
    }
}
