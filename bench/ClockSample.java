import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Locale;

/**
 * The clock sample of issue 13 (an agent's GET /v1/hello carries its wall clock; the coordinator takes
 * offset = wallNanos - (t0 + t3) / 2 from the sample with the smallest t3 - t0 of 8, uncertainty
 * (t3 - t0) / 2) between two JVMs' HTTP stacks on 127.0.0.1, where the true offset is 0: what the HTTP
 * stacks alone add to the round trip, cold (a fresh client, as at lease time) and warm (the same client
 * after 2,000 requests). JDK HttpServer
 * stands in for the agent's Netty server. Usage: java bench/ClockSample.java [rounds, default 5]
 */
public final class ClockSample {
    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        // Without it the JDK server's header and body writes wait on Nagle and delayed ACKs (tens of ms).
        System.setProperty("sun.net.httpserver.nodelay", "true");
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        server.createContext("/v1/hello", exchange -> {
            byte[] body = ("{\"wallNanos\":" + wallNanos() + "}").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        URI uri = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/v1/hello");
        HttpClient warmClient = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        for (int round = 0; round < 2 * rounds; round++) {
            boolean warm = round >= rounds;
            HttpClient client = warm
                    ? warmClient
                    : HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            for (int request = 0; warm && request < 2_000; request++) {
                client.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.discarding());
            }
            long bestRtt = Long.MAX_VALUE;
            long bestOffset = 0;
            long firstRtt = 0;
            for (int sample = 0; sample < 8; sample++) {
                long t0 = wallNanos();
                String body = client.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString())
                        .body();
                long t3 = wallNanos();
                long remote = Long.parseLong(body.replaceAll("[^0-9]", ""));
                if (sample == 0) {
                    firstRtt = t3 - t0;
                }
                if (t3 - t0 < bestRtt) {
                    bestRtt = t3 - t0;
                    bestOffset = remote - (t0 + t3) / 2;
                }
            }
            System.out.printf(
                    Locale.ROOT,
                    "%s round %d: first sample RTT %.3f ms; min RTT of 8 %.3f ms -> offset %+.3f ms +- %.3f ms (true offset 0)%n",
                    warm ? "warm (after 2,000 requests)" : "cold (new client)",
                    round,
                    firstRtt / 1e6,
                    bestRtt / 1e6,
                    bestOffset / 1e6,
                    bestRtt / 2e6);
        }
        server.stop(0);
    }

    private static long wallNanos() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }
}
