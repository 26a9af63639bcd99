import dev.duel.load.sink.SinkServer;
import java.nio.charset.StandardCharsets;

/**
 * A sink answering every request with a JSON array of about {@code bytes} bytes whose first record is
 * the one suites/cpu-bound.yaml checks for. Run with duel's jar on the class path:
 * {@code java -cp cli/target/duel.jar bench/BigBodyServer.java PORT BYTES}. Stops when killed.
 */
public class BigBodyServer {
    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        int bytes = Integer.parseInt(args[1]);
        StringBuilder body = new StringBuilder(bytes + 100).append("[{\"id\":64357,\"sku\":\"SKU-64357\",\"v\":0}");
        for (int i = 0; body.length() < bytes - 40; i++) {
            body.append(",{\"id\":").append(i).append(",\"sku\":\"SKU-").append(i).append("\",\"v\":1}");
        }
        body.append(']');
        try (SinkServer sink = SinkServer.start(1, port, 200, body.toString().getBytes(StandardCharsets.UTF_8))) {
            System.out.println("serving " + body.length() + " bytes on 127.0.0.1:" + port);
            Thread.currentThread().join();
        }
    }
}
