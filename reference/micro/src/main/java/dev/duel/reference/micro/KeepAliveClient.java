package dev.duel.reference.micro;

import dev.duel.load.http.ResponseParser;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A blocking HTTP/1.1 client on one keep-alive socket: writes a request encoded once, reads the
 * response with duel's parser. Lean on purpose, so that the app's cost dominates what is measured.
 * Not thread-safe: one per benchmark thread.
 */
final class KeepAliveClient implements AutoCloseable, ResponseParser.Handler {
    private final int port;
    private Socket socket;
    private OutputStream out;
    private InputStream in;
    private final byte[] buffer = new byte[64 * 1024];
    private final ByteBuf wrapped = Unpooled.wrappedBuffer(buffer);
    private final ResponseParser parser = new ResponseParser(this);
    private int status;
    private boolean complete;

    private boolean keepAlive;

    KeepAliveClient(int port) throws IOException {
        this.port = port;
        connect();
    }

    private void connect() throws IOException {
        socket = new Socket();
        socket.setTcpNoDelay(true);
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
        socket.setSoTimeout(10_000);
        out = socket.getOutputStream();
        in = socket.getInputStream();
        parser.reset();
    }

    /** A request for this client: method, path and optional JSON body, with Host and Content-Length. */
    static byte[] request(String method, String path, String jsonBody) {
        StringBuilder head =
                new StringBuilder().append(method).append(' ').append(path).append(" HTTP/1.1\r\nHost: 127.0.0.1\r\n");
        byte[] body = jsonBody == null ? new byte[0] : jsonBody.getBytes(StandardCharsets.UTF_8);
        if (jsonBody != null) {
            head.append("Content-Type: application/json\r\nContent-Length: ")
                    .append(body.length)
                    .append("\r\n");
        }
        byte[] headBytes = head.append("\r\n").toString().getBytes(StandardCharsets.US_ASCII);
        byte[] all = new byte[headBytes.length + body.length];
        System.arraycopy(headBytes, 0, all, 0, headBytes.length);
        System.arraycopy(body, 0, all, headBytes.length, body.length);
        return all;
    }

    /** Sends one request and reads its whole response. @return the status code */
    int exchange(byte[] request) throws IOException {
        complete = false;
        out.write(request);
        out.flush();
        while (!complete) {
            int read = in.read(buffer);
            if (read < 0) {
                throw new IOException("the server closed the connection");
            }
            wrapped.setIndex(0, read);
            parser.feed(wrapped);
        }
        if (!keepAlive) {
            // The server said Connection: close: honour it, as any client must.
            socket.close();
            connect();
        }
        return status;
    }

    @Override
    public boolean onHead(int status) {
        this.status = status;
        return false;
    }

    @Override
    public void onBody(ByteBuf body, int index, int length) {}

    @Override
    public void onComplete(boolean keepAlive) {
        this.keepAlive = keepAlive;
        complete = true;
    }

    @Override
    public void onMalformed(String reason) {
        throw new IllegalStateException("malformed response: " + reason);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
