package dev.duel.reference.contract;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.duel.reference.logic.Database;
import dev.duel.reference.logic.Dataset;
import dev.duel.reference.logic.Json;
import dev.duel.reference.logic.ProcessLogic;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The reference API's contract, the same for both apps on every installed JDK: each app runs as a
 * real process from its jar against one embedded PostgreSQL.
 */
@Tag("slow") // both apps as processes on every JDK, with PostgreSQL: CI runs it; the quick loop (-Pquick) leaves it out
@ParameterizedClass(name = "{0} on {1}")
@MethodSource("targets")
class ContractTest {
    static final int DATASET_SIZE = 10_000;
    private static final HttpClient HTTP =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    enum App {
        CONTROLLERS("controllers", "contract.controllers.jar"),
        MINIMAL("minimal", "contract.minimal.jar");

        final String name;
        final String jarProperty;

        App(String name, String jarProperty) {
            this.name = name;
            this.jarProperty = jarProperty;
        }

        Path jar() {
            return Path.of(System.getProperty(jarProperty));
        }

        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Arguments> targets() {
        List<Arguments> targets = new ArrayList<>();
        for (Jdk jdk : Jdk.installed()) {
            for (App app : App.values()) {
                targets.add(Arguments.of(app, jdk));
            }
        }
        return targets.stream();
    }

    @Parameter(0)
    App app;

    @Parameter(1)
    Jdk jdk;
    /** The app under test in the current class invocation; invocations run one after another. */
    private static AppProcess process;

    @BeforeParameterizedClassInvocation
    static void start(App app, Jdk jdk) throws IOException, InterruptedException {
        process = AppProcess.start(
                jdk.java(),
                app.jar(),
                Map.of(
                        "PORT",
                        "0",
                        "DATABASE_URL",
                        SharedPostgres.get().jdbcUrl(),
                        "DATASET_SIZE",
                        String.valueOf(DATASET_SIZE),
                        "DB_POOL_SIZE",
                        "8"),
                logs(app.name + "-jdk" + jdk.feature() + ".log"));
        System.out.printf("%s on %s: listening after %d ms%n", app, jdk, process.startupMillis());
    }

    @AfterParameterizedClassInvocation
    static void stop() throws InterruptedException {
        if (process != null) {
            process.close();
            process = null;
        }
    }

    private static Path logs(String name) {
        return Path.of(System.getProperty("contract.logs", "target/app-logs")).resolve(name);
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create(process.url(path))).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String path, String json) throws IOException, InterruptedException {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create(process.url(path)))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(json))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static void assertJson(int status, String body, HttpResponse<String> response) {
        assertEquals(status, response.statusCode(), response.body());
        assertEquals(body, response.body());
    }

    private static String contentType(HttpResponse<?> response) {
        return response.headers().firstValue("Content-Type").orElse("");
    }

    @Test
    void healthIsTheExactIdentity() throws Exception {
        HttpResponse<String> response = get("/health");
        assertEquals(200, response.statusCode());
        JsonNode health = Json.MAPPER.readTree(response.body());
        assertEquals(List.of("app", "runtime", "pid", "startedAt", "dataset", "db"), fieldNames(health));
        assertEquals(app.name, health.get("app").asText());
        assertEquals(jdk.runtime(), health.get("runtime").asText());
        assertEquals(process.pid(), health.get("pid").asLong());
        assertTrue(Instant.parse(health.get("startedAt").asText()).isBefore(Instant.now()));
        assertEquals(DATASET_SIZE, health.get("dataset").asInt());
        assertEquals("ok", health.get("db").asText());
    }

    @Test
    void jsonIsTheFixedProduct() throws Exception {
        HttpResponse<String> response = get("/json");
        assertJson(200, "{\"id\":42,\"name\":\"Product 42\",\"priceCents\":4200}", response);
        assertEquals("application/json", contentType(response));
    }

    @Test
    void productsAreReadByIdWithProblemsForBadIds() throws Exception {
        assertJson(200, "{\"id\":42,\"name\":\"Product 42\",\"priceCents\":4200}", get("/products/42"));
        assertJson(200, "{\"id\":10000,\"name\":\"Product 10000\",\"priceCents\":1000000}", get("/products/10000"));
        HttpResponse<String> missing = get("/products/999999999");
        assertJson(
                404,
                "{\"type\":\"about:blank\",\"title\":\"Not Found\",\"status\":404,\"detail\":\"No product with id 999999999.\"}",
                missing);
        assertEquals("application/problem+json", contentType(missing));
        assertJson(
                400,
                "{\"type\":\"about:blank\",\"title\":\"Bad Request\",\"status\":400,\"detail\":\"The product id must be an integer, got 'abc'.\"}",
                get("/products/abc"));
        assertEquals(
                400, get("/products/99999999999999999999").statusCode(), "an id beyond long is bad input, never a 500");
        assertEquals(400, get("/products/1%3B%20DROP%20TABLE%20products").statusCode());
        assertEquals(400, get("/products/1%20OR%201%3D1").statusCode());
    }

    @Test
    void createdProductsCanBeReadBack() throws Exception {
        String sku = "C-" + app.name + "-" + jdk.feature();
        HttpResponse<String> created =
                post("/products", "{\"sku\":\"" + sku + "\",\"name\":\"Created\",\"priceCents\":0}");
        assertEquals(201, created.statusCode(), created.body());
        JsonNode body = Json.MAPPER.readTree(created.body());
        String location = created.headers().firstValue("Location").orElseThrow();
        assertEquals("/products/" + body.get("id").asLong(), location);
        assertEquals("{\"id\":" + body.get("id").asLong() + ",\"name\":\"Created\",\"priceCents\":0}", created.body());
        assertJson(200, created.body(), get(location));
        assertJson(
                400,
                "{\"errors\":{\"sku\":[\"SKU " + sku + " already exists.\"]}}",
                post("/products", "{\"sku\":\"" + sku + "\",\"name\":\"Again\",\"priceCents\":1}"));
    }

    @Test
    void fieldRulesGiveOneSortedBodyOfErrors() throws Exception {
        assertJson(
                400,
                "{\"errors\":{\"name\":[\"must not be blank.\"],\"priceCents\":[\"must be at least 0.\"],"
                        + "\"sku\":[\"must be at most 32 characters.\",\"must not be blank.\"]}}",
                post("/products", "{\"sku\":\"" + " ".repeat(33) + "\",\"name\":\"\",\"priceCents\":-5}"));
        assertJson(
                400,
                "{\"errors\":{\"priceCents\":[\"is required.\"]}}",
                post("/products", "{\"sku\":\"ok-1\",\"name\":\"n\"}"));
        assertJson(
                400,
                "{\"errors\":{\"name\":[\"must be at most 100 characters.\"]}}",
                post("/products", "{\"sku\":\"ok-2\",\"name\":\"" + "n".repeat(101) + "\",\"priceCents\":1}"));
        assertJson(
                400,
                "{\"errors\":{\"body\":[\"must be a JSON object with sku, name and priceCents.\"]}}",
                post("/products", "{not json"));
        assertJson(
                400,
                "{\"errors\":{\"body\":[\"must be a JSON object with sku, name and priceCents.\"]}}",
                post("/products", "{\"sku\":\"x\",\"name\":\"n\",\"priceCents\":\"cheap\"}"));
        HttpResponse<String> notJson = HTTP.send(
                HttpRequest.newBuilder(URI.create(process.url("/products")))
                        .header("Content-Type", "text/plain")
                        .POST(HttpRequest.BodyPublishers.ofString("sku=x"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(415, notJson.statusCode());
    }

    @Test
    void quotesBindABodyAndAQueryParameterWithoutTheDatabase() throws Exception {
        String lamp = "{\"sku\":\"L-1\",\"name\":\"Lamp\",\"priceCents\":1250}";
        assertJson(
                200,
                "{\"sku\":\"L-1\",\"quantity\":3,\"unitCents\":1250,\"totalCents\":3750}",
                post("/quote?quantity=3", lamp));
        assertJson(
                200, "{\"sku\":\"L-1\",\"quantity\":1,\"unitCents\":1250,\"totalCents\":1250}", post("/quote", lamp));
        assertJson(
                400,
                "{\"type\":\"about:blank\",\"title\":\"Bad Request\",\"status\":400,"
                        + "\"detail\":\"quantity must be an integer from 1 to 1000.\"}",
                post("/quote?quantity=many", lamp));
        assertEquals(400, post("/quote?quantity=0", lamp).statusCode());
        assertJson(
                400,
                "{\"errors\":{\"priceCents\":[\"is required.\"]}}",
                post("/quote?quantity=many", "{\"sku\":\"L-1\",\"name\":\"Lamp\"}"));
    }

    /** Inputs where frameworks' defaults differ, and the answer both apps must give. */
    static Stream<Arguments> awkwardRequests() {
        String quote = "{\"sku\":\"a\",\"name\":\"n\",\"priceCents\":1}";
        String body = "{\"errors\":{\"body\":[\"must be a JSON object with sku, name and priceCents.\"]}}";
        String notJson = "{\"type\":\"about:blank\",\"title\":\"Unsupported Media Type\",\"status\":415,"
                + "\"detail\":\"Send the product as Content-Type: application/json.\"}";
        String oneLamp = "{\"sku\":\"a\",\"quantity\":1,\"unitCents\":1,\"totalCents\":1}";
        String product42 = "{\"id\":42,\"name\":\"Product 42\",\"priceCents\":4200}";
        return Stream.of(
                Arguments.of(
                        "GET",
                        "/error",
                        null,
                        null,
                        404,
                        "{\"type\":\"about:blank\",\"title\":\"Not Found\",\"status\":404,\"detail\":\"No route for GET /error.\"}"),
                Arguments.of(
                        "GET",
                        "/json/",
                        null,
                        null,
                        404,
                        "{\"type\":\"about:blank\",\"title\":\"Not Found\",\"status\":404,\"detail\":\"No route for GET /json/.\"}"),
                Arguments.of(
                        "POST",
                        "/json",
                        "application/json",
                        "{}",
                        405,
                        "{\"type\":\"about:blank\",\"title\":\"Method Not Allowed\",\"status\":405,\"detail\":\"POST is not allowed on /json.\"}"),
                Arguments.of(
                        "DELETE",
                        "/products/1",
                        null,
                        null,
                        405,
                        "{\"type\":\"about:blank\",\"title\":\"Method Not Allowed\",\"status\":405,\"detail\":\"DELETE is not allowed on /products/1.\"}"),
                Arguments.of(
                        "GET",
                        "/products/0x2A",
                        null,
                        null,
                        400,
                        "{\"type\":\"about:blank\",\"title\":\"Bad Request\",\"status\":400,\"detail\":\"The product id must be an integer, got '0x2A'.\"}"),
                Arguments.of(
                        "GET",
                        "/products/%2042",
                        null,
                        null,
                        400,
                        "{\"type\":\"about:blank\",\"title\":\"Bad Request\",\"status\":400,\"detail\":\"The product id must be an integer, got ' 42'.\"}"),
                Arguments.of("GET", "/products/+42", null, null, 200, product42),
                Arguments.of("GET", "/products/42;v=1", null, null, 200, product42),
                Arguments.of(
                        "GET",
                        "/products/-1",
                        null,
                        null,
                        404,
                        "{\"type\":\"about:blank\",\"title\":\"Not Found\",\"status\":404,\"detail\":\"No product with id -1.\"}"),
                Arguments.of("POST", "/quote", "APPLICATION/JSON", quote, 200, oneLamp),
                Arguments.of("POST", "/quote", "application/json; charset=UTF-8", quote, 200, oneLamp),
                Arguments.of("POST", "/quote", "application/json;charset=foo", quote, 415, notJson),
                Arguments.of("POST", "/quote", "application/jsonx", quote, 415, notJson),
                Arguments.of("POST", "/products", "application/merge-patch+json", quote, 415, notJson),
                Arguments.of(
                        "POST",
                        "/quote?quantity=2&quantity=3",
                        "application/json",
                        quote,
                        200,
                        "{\"sku\":\"a\",\"quantity\":2,\"unitCents\":1,\"totalCents\":2}"),
                Arguments.of(
                        "POST",
                        "/quote?quantity=",
                        "application/json",
                        quote,
                        400,
                        "{\"type\":\"about:blank\",\"title\":\"Bad Request\",\"status\":400,\"detail\":\"quantity must be an integer from 1 to 1000.\"}"),
                Arguments.of("POST", "/quote", "application/json", "", 400, body),
                Arguments.of("POST", "/quote", "application/json", "[1]", 400, body),
                Arguments.of("POST", "/quote", "application/json", quote + " x", 400, body),
                Arguments.of(
                        "POST",
                        "/quote",
                        "application/json",
                        "{\"sku\":\"a\",\"name\":\"n\",\"priceCents\":1.5}",
                        400,
                        body),
                Arguments.of(
                        "POST",
                        "/quote",
                        "application/json",
                        "{\"sku\":\"a\",\"name\":\"n\",\"priceCents\":\"5\"}",
                        400,
                        body),
                Arguments.of(
                        "POST", "/quote", "application/json", "{\"sku\":5,\"name\":\"n\",\"priceCents\":1}", 400, body),
                Arguments.of(
                        "POST",
                        "/quote",
                        "application/json",
                        "{\"sku\":\"a\",\"name\":\"n\",\"priceCents\":99999999999}",
                        400,
                        body),
                Arguments.of(
                        "POST",
                        "/quote",
                        "application/json",
                        "{\"sku\":\"a\",\"name\":\"n\",\"priceCents\":1,\"extra\":[1]}",
                        200,
                        oneLamp),
                Arguments.of(
                        "POST",
                        "/products",
                        "application/json",
                        "{\"sku\":\"a\\u0000\",\"name\":\"n\",\"priceCents\":1}",
                        400,
                        "{\"errors\":{\"sku\":[\"must not contain the NUL character.\"]}}"));
    }

    @ParameterizedTest(name = "{0} {1} ({2}) -> {4}")
    @MethodSource("awkwardRequests")
    void awkwardRequestsGetTheSameAnswerInBothApps(
            String method, String path, String contentType, String body, int status, String expected) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(process.url(path)))
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        assertJson(status, expected, HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString()));
    }

    @Test
    void answersAreJsonWhateverTheAcceptHeaderSays() throws Exception {
        HttpResponse<String> response = HTTP.send(
                HttpRequest.newBuilder(URI.create(process.url("/json")))
                        .header("Accept", "text/plain")
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertJson(200, "{\"id\":42,\"name\":\"Product 42\",\"priceCents\":4200}", response);
        assertEquals(
                "application/json",
                response.headers().firstValue("Content-Type").orElse(""));
    }

    @Test
    void injectionAttemptsAreHarmless() throws Exception {
        String sku = "x'); DROP TABLE products; -- " + app.name.charAt(0) + jdk.feature();
        String name = "Robert'); DELETE FROM products; --";
        HttpResponse<String> created =
                post("/products", Json.MAPPER.writeValueAsString(Map.of("sku", sku, "name", name, "priceCents", 1)));
        assertEquals(201, created.statusCode(), created.body());
        assertEquals(
                name,
                Json.MAPPER
                        .readTree(get(created.headers().firstValue("Location").orElseThrow())
                                .body())
                        .get("name")
                        .asText());
        HttpResponse<String> template = post(
                "/products",
                "{\"sku\":\"${7*7}{x}" + app.name.charAt(0) + jdk.feature() + "\",\"name\":\"n\",\"priceCents\":1}");
        assertEquals(201, template.statusCode());
        assertTrue(
                post(
                                "/products",
                                "{\"sku\":\"${7*7}{x}" + app.name.charAt(0) + jdk.feature()
                                        + "\",\"name\":\"n\",\"priceCents\":1}")
                        .body()
                        .contains("SKU ${7*7}{x}"),
                "a message says the SKU as sent, never evaluated");
        assertTrue(rowsWithSeedSku() == Database.SEED_ROWS, "all 10,000 seeded rows are still there");
    }

    @Test
    void fiftyConcurrentInsertsOfOneSkuCreateExactlyOne() throws Exception {
        String sku = "RACE-" + app.name + "-" + jdk.feature();
        ExecutorService pool = Executors.newFixedThreadPool(50);
        try {
            List<Callable<HttpResponse<String>>> inserts = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                inserts.add(() -> post("/products", "{\"sku\":\"" + sku + "\",\"name\":\"Race\",\"priceCents\":1}"));
            }
            int created = 0;
            for (Future<HttpResponse<String>> future : pool.invokeAll(inserts)) {
                HttpResponse<String> response = future.get();
                if (response.statusCode() == 201) {
                    created++;
                } else {
                    assertJson(400, "{\"errors\":{\"sku\":[\"SKU " + sku + " already exists.\"]}}", response);
                }
            }
            assertEquals(1, created);
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void processStreamsTheSameBytesAsTheSharedLogic() throws Exception {
        HttpResponse<byte[]> response = HTTP.send(
                HttpRequest.newBuilder(URI.create(process.url("/process")))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, response.statusCode());
        assertEquals("application/json", contentType(response));
        assertEquals(
                "chunked",
                response.headers().firstValue("Transfer-Encoding").orElse(""),
                "streamed, not buffered whole");
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        ProcessLogic.process(Dataset.generate(DATASET_SIZE), expected);
        assertArrayEquals(expected.toByteArray(), response.body());
    }

    @Test
    void memoryReportsHeapResidentMemoryCollectorsAndThreads() throws Exception {
        HttpResponse<String> response = get("/memory");
        assertEquals(200, response.statusCode());
        JsonNode memory = Json.MAPPER.readTree(response.body());
        assertEquals(
                List.of(
                        "heapUsedBytes",
                        "heapCommittedBytes",
                        "heapMaxBytes",
                        "rssBytes",
                        "peakRssBytes",
                        "gcs",
                        "threads"),
                fieldNames(memory));
        assertTrue(memory.get("heapUsedBytes").asLong() > 0);
        assertTrue(memory.get("heapMaxBytes").asLong()
                >= memory.get("heapCommittedBytes").asLong());
        assertTrue(memory.get("peakRssBytes").asLong() >= memory.get("rssBytes").asLong());
        assertTrue(memory.get("rssBytes").asLong() > 10_000_000L);
        assertTrue(memory.get("gcs").size() > 0 && memory.get("gcs").get(0).has("timeMillis"));
        assertTrue(memory.get("threads").asInt() > 1);
    }

    @Test
    void withoutADatabaseProductsAnswer503AndHealthSaysAbsent() throws Exception {
        try (AppProcess bare = AppProcess.start(
                jdk.java(),
                app.jar(),
                Map.of("PORT", "0", "DATASET_SIZE", String.valueOf(DATASET_SIZE / 100)),
                logs(app.name + "-jdk" + jdk.feature() + "-nodb.log"))) {
            String problem = "{\"type\":\"about:blank\",\"title\":\"Service Unavailable\",\"status\":503,"
                    + "\"detail\":\"No database is configured: start the app with DATABASE_URL set to a PostgreSQL JDBC URL.\"}";
            HttpResponse<String> read = HTTP.send(
                    HttpRequest.newBuilder(URI.create(bare.url("/products/1"))).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertJson(503, problem, read);
            HttpResponse<String> write = HTTP.send(
                    HttpRequest.newBuilder(URI.create(bare.url("/products")))
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString("{}"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertJson(503, problem, write);
            HttpResponse<String> health = HTTP.send(
                    HttpRequest.newBuilder(URI.create(bare.url("/health"))).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals("absent", Json.MAPPER.readTree(health.body()).get("db").asText());
            assertEquals(
                    200,
                    HTTP.send(
                                    HttpRequest.newBuilder(URI.create(bare.url("/json")))
                                            .build(),
                                    HttpResponse.BodyHandlers.ofString())
                            .statusCode());
            // A hundredth of the dataset gives the shared logic's answer for a hundredth of the dataset.
            HttpResponse<byte[]> process = HTTP.send(
                    HttpRequest.newBuilder(URI.create(bare.url("/process"))).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            ByteArrayOutputStream expected = new ByteArrayOutputStream();
            ProcessLogic.process(Dataset.generate(DATASET_SIZE / 100), expected);
            assertArrayEquals(expected.toByteArray(), process.body());
        }
    }

    private static int rowsWithSeedSku() throws SQLException {
        try (Connection connection =
                        DriverManager.getConnection(SharedPostgres.get().jdbcUrl());
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT count(*) FROM products WHERE sku LIKE 'SKU-%'")) {
            rows.next();
            return rows.getInt(1);
        }
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
