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
import java.net.URLDecoder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.slf4j.LoggerFactory;

/**
 * Every route of the reference API as a lambda, validation as an explicit step: the minimal style.
 * The contracts are the controllers app's, byte for byte.
 */
final class Routes {
    private static final String JSON = "application/json";

    private Routes() {}

    static Javalin create(ReferenceApp app) {
        return Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            config.startup.showOldJavalinVersionWarning = false;
            config.http.compressionStrategy = CompressionStrategy.NONE;
            // The same routing rules as Spring MVC's defaults: "/json/" is not "/json", a wrong method is a
            // 405, and a large body is parsed rather than refused.
            config.router.ignoreTrailingSlashes = false;
            config.http.prefer405over404 = true;
            config.http.maxRequestSize = 64L << 20;

            config.routes.get("/json", ctx -> json(ctx, 200, ProductView.SAMPLE));

            config.routes.get("/products/{id}", ctx -> {
                Optional<ProductRepository> products = app.products();
                if (products.isEmpty()) {
                    problem(ctx, Problem.noDatabase());
                    return;
                }
                String raw = idSegment(ctx);
                Long id = ProductRules.parseId(raw);
                if (id == null) {
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
                    if (ProductRules.skuWellFormed(product.sku())
                            && products.get().skuExists(product.sku())) {
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
                NewProduct input = validProduct(ctx, (product, errors) -> {});
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
            config.routes.exception(Exception.class, (e, ctx) -> {
                LoggerFactory.getLogger(Routes.class).error("request failed", e);
                problem(ctx, Problem.internalError());
            });
            config.routes.error(
                    405, ctx -> problem(ctx, Problem.methodNotAllowed(ctx.req().getMethod(), ctx.path())));
            config.routes.error(404, ctx -> {
                // Runs for every 404; a "no such product" answer is already a problem body and stays.
                String answered = ctx.res().getContentType();
                if (answered == null || !answered.startsWith(Problem.MEDIA_TYPE)) {
                    problem(ctx, Problem.noRoute(ctx.method().name(), ctx.path()));
                }
            });
        });
    }

    /**
     * The id as written, without path parameters (a literal ";v=1" in the URL), as Spring MVC reads
     * it; an encoded "%3B" stays part of the id.
     */
    private static String idSegment(Context ctx) {
        String uri = ctx.req().getRequestURI();
        String segment = uri.substring(uri.lastIndexOf('/') + 1);
        int parameters = segment.indexOf(';');
        if (parameters < 0) {
            return ctx.pathParam("id");
        }
        return URLDecoder.decode(segment.substring(0, parameters).replace("+", "%2B"), StandardCharsets.UTF_8);
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
        // The raw header: Jetty's parsed content type throws on an unknown charset.
        Charset charset = jsonCharset(ctx.header("Content-Type"));
        if (charset == null) {
            problem(ctx, Problem.notJson());
            return null;
        }
        NewProduct input;
        try {
            byte[] body = ctx.bodyAsBytes();
            // Undeclared: Jackson detects UTF-8/16/32 itself; declared: decode as declared, as Spring does.
            input = charset == DETECT
                    ? Json.MAPPER.readValue(body, NewProduct.class)
                    : Json.MAPPER.readValue(new String(body, charset), NewProduct.class);
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

    /** Marks a JSON body without a declared charset. */
    private static final Charset DETECT = StandardCharsets.UTF_8;

    /**
     * The charset of a JSON body: {@link #DETECT} when none is declared, or null when the content
     * type is not {@code application/json} (any case, any parameters) or names an unknown charset.
     */
    static Charset jsonCharset(String contentType) {
        if (contentType == null) {
            return null;
        }
        String[] parts = contentType.split(";");
        if (!parts[0].trim().toLowerCase(Locale.ROOT).equals(JSON)) {
            return null;
        }
        for (int i = 1; i < parts.length; i++) {
            String parameter = parts[i].trim();
            if (parameter.toLowerCase(Locale.ROOT).startsWith("charset=")) {
                String name = parameter.substring("charset=".length()).trim().replace("\"", "");
                try {
                    return Charset.forName(name);
                } catch (IllegalArgumentException unknown) {
                    return null;
                }
            }
        }
        return DETECT;
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
