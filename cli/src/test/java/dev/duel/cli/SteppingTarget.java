package dev.duel.cli;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * A target on 127.0.0.1 (any free port) whose speed steps: it answers every GET with {@code {"id":42}} after {@code
 * before} until {@code stepAfter} has passed since its first request, and after {@code after} from then on, so its
 * requests/s step at a known moment of the load. Plain sockets, a thread per keep-alive connection, each answer in one
 * write with TCP_NODELAY (the JDK's HttpServer writes head and body apart, and Nagle's algorithm with delayed
 * acknowledgements then adds some 40 ms to every answer, more than the step).
 */
final class SteppingTarget implements AutoCloseable {
    private static final byte[] ANSWER =
            ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 9\r\n\r\n{\"id\":42}")
                    .getBytes(StandardCharsets.US_ASCII);
    private static final byte[] END_OF_HEAD = {'\r', '\n', '\r', '\n'};

    private final ServerSocket server;
    private final Queue<Socket> connections = new ConcurrentLinkedQueue<>();
    private final AtomicLong firstNanos = new AtomicLong(Long.MIN_VALUE);
    private final long beforeNanos;
    private final long stepAfterNanos;
    private final long afterNanos;

    SteppingTarget(Duration before, Duration stepAfter, Duration after) throws IOException {
        beforeNanos = before.toNanos();
        stepAfterNanos = stepAfter.toNanos();
        afterNanos = after.toNanos();
        server = new ServerSocket(0, 64, InetAddress.getLoopbackAddress());
        daemon(this::accept, "stepping-target");
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getLocalPort() + path;
    }

    private static void daemon(Runnable task, String name) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        thread.start();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                socket.setTcpNoDelay(true);
                connections.add(socket);
                daemon(() -> serve(socket), "stepping-target-connection");
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        try (socket;
                InputStream in = new BufferedInputStream(socket.getInputStream());
                OutputStream out = socket.getOutputStream()) {
            while (readHead(in)) {
                long now = System.nanoTime();
                firstNanos.compareAndSet(Long.MIN_VALUE, now);
                LockSupport.parkNanos(now - firstNanos.get() < stepAfterNanos ? beforeNanos : afterNanos);
                out.write(ANSWER);
                out.flush();
            }
        } catch (IOException closed) {
            // the client or close() ended the connection
        }
    }

    /** Reads one request head, up to its blank line (the GETs sent here have no body); false at the end of input. */
    private static boolean readHead(InputStream in) throws IOException {
        int matched = 0;
        for (int b = in.read(); b >= 0; b = in.read()) {
            matched = b == END_OF_HEAD[matched] ? matched + 1 : b == '\r' ? 1 : 0;
            if (matched == END_OF_HEAD.length) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket socket : connections) {
            socket.close();
        }
    }
}
