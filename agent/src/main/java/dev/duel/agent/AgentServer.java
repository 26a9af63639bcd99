package dev.duel.agent;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The agent API on HTTP/1.1 (Netty): checks the token of every call on its head, before its body is read (a refusal is
 * a 401, the connection closed, and one log line {@code refused <METHOD> <path as sent, escaped> from <address>: <no
 * token|wrong token>}); holds at most {@link Limits#maxConnections} connections and closes one silent for
 * {@link Limits#idle} between calls; then hands the call to the
 * {@link AgentService} on a worker thread (a long poll waits there, never on the event loop). Lapses an idle lease
 * every second. Thread-safe; {@link #close} once.
 */
public final class AgentServer implements AutoCloseable {
    /** Largest request body: a plan with its variables' lists fits many times over. */
    private static final int MAX_BODY_BYTES = 16 * 1024 * 1024;

    /**
     * What the server lets one peer hold: connections at once (a controller uses a few; more is someone exhausting the
     * agent) and how long a connection may stay silent with no call in progress before it is closed.
     *
     * @param maxConnections connections open at once; one more is closed as it opens
     * @param idle           how long a connection with no call in progress may send nothing
     * @param callArrival    how long a call may take to arrive whole, from its first byte: a connection that trickles
     *                       a call (a byte now and then, never idle) is closed after it, and its slot freed
     */
    public record Limits(int maxConnections, java.time.Duration idle, java.time.Duration callArrival) {
        public static final Limits DEFAULT =
                new Limits(64, java.time.Duration.ofSeconds(60), java.time.Duration.ofSeconds(30));
    }

    private final EventLoopGroup group;
    private final ExecutorService workers;
    private final Channel channel;

    private AgentServer(EventLoopGroup group, ExecutorService workers, Channel channel) {
        this.group = group;
        this.workers = workers;
        this.channel = channel;
    }

    /**
     * Listens on {@code bind} (port 0: any free port, see {@link #address()}).
     *
     * @param token the shared token every call must carry
     * @param log   where refusals and the service's events go, one line each
     * @throws InterruptedException interrupted while binding
     * @throws java.io.UncheckedIOException the address cannot be bound
     */
    public static AgentServer start(InetSocketAddress bind, String token, AgentService service, Consumer<String> log)
            throws InterruptedException {
        return start(bind, token, service, log, Limits.DEFAULT, null);
    }

    /**
     * As above, with these limits on connections, and over TLS when {@code tls} is given ({@link AgentTls}): then a
     * connection that does not open with a TLS handshake is answered 400 in plain text, saying that the agent speaks
     * TLS, and closed, without reading a call from it.
     *
     * @param tls the server's TLS ({@link AgentTls#serverContext}); null for plain HTTP
     */
    public static AgentServer start(
            InetSocketAddress bind,
            String token,
            AgentService service,
            Consumer<String> log,
            Limits limits,
            io.netty.handler.ssl.SslContext tls)
            throws InterruptedException {
        TokenCheck tokens = new TokenCheck(token);
        ConnectionCap cap = new ConnectionCap(limits.maxConnections(), log);
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        ExecutorService workers = Executors.newCachedThreadPool(runnable -> {
            Thread thread = new Thread(runnable, "duel-agent-api");
            thread.setDaemon(true);
            return thread;
        });
        try {
            Channel channel = new ServerBootstrap()
                    .group(group)
                    .channel(NioServerSocketChannel.class)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            if (tls != null) {
                                // first: every byte after it is the handshake's or decrypted; its own handshake
                                // timeout (10 s) closes a connection that never completes one
                                ch.pipeline().addLast(new TlsOnly(tls, log));
                            }
                            ch.pipeline()
                                    // first after TLS: its idle events go to the handlers after it, the cap among them
                                    // all-idle: a reply written resets it too, so a long call's connection is
                                    // not closed just after its answer
                                    .addLast(new io.netty.handler.timeout.IdleStateHandler(
                                            0, 0, limits.idle().toMillis(), TimeUnit.MILLISECONDS))
                                    .addLast(cap)
                                    .addLast(new CallDeadline(limits.callArrival(), log))
                                    .addLast(new HttpServerCodec())
                                    // The token is checked on the request's head, before any of its body is read.
                                    .addLast(new TokenGate(tokens, log))
                                    .addLast(new HttpObjectAggregator(MAX_BODY_BYTES))
                                    .addLast(new Handler(service, workers, log));
                        }
                    })
                    .bind(bind)
                    .sync()
                    .channel();
            // On a worker: a lapse stops the run and the targets (up to ~20 s each), which on the event loop froze
            // the whole API meanwhile; lapseIdleLease takes the lease atomically, so overlapping checks are harmless.
            group.scheduleAtFixedRate(() -> workers.execute(service::lapseIdleLease), 1, 1, TimeUnit.SECONDS);
            return new AgentServer(group, workers, channel);
        } catch (RuntimeException e) {
            group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            workers.shutdownNow();
            throw e;
        }
    }

    public InetSocketAddress address() {
        return (InetSocketAddress) channel.localAddress();
    }

    /** Waits until the server is closed. */
    public void awaitClosed() throws InterruptedException {
        channel.closeFuture().sync();
    }

    @Override
    public void close() {
        channel.close().awaitUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
        workers.shutdownNow();
    }

    /** Whether a call is in progress on a connection: an idle connection is closed only between calls. */
    private static final io.netty.util.AttributeKey<Boolean> BUSY = io.netty.util.AttributeKey.valueOf("duel-busy");

    /**
     * The log's form of a request target: as sent (never decoded, so "%0A" cannot start a forged log line), control
     * and non-ASCII characters escaped, at most 200 characters.
     */
    static String loggable(String uri) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < uri.length() && text.length() < 200; i++) {
            char c = uri.charAt(i);
            if (c < 0x20 || c > 0x7e) {
                text.append(String.format(java.util.Locale.ROOT, "\\x%02x", (int) c & 0xff));
            } else {
                text.append(c);
            }
        }
        return uri.length() > 200 ? text + "..." : text.toString();
    }

    /**
     * Checks the token on each request's head: a refused call is answered 401 at once and its connection closed,
     * before any of its body is read (the aggregator behind would otherwise buffer up to 16 MiB for anyone who can
     * reach the port). One log line per refusal. Not shared: one per connection.
     */
    static final class TokenGate extends io.netty.channel.ChannelInboundHandlerAdapter {
        private final TokenCheck tokens;
        private final Consumer<String> log;
        private boolean refused;

        TokenGate(TokenCheck tokens, Consumer<String> log) {
            this.tokens = tokens;
            this.log = log;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object message) {
            if (message instanceof io.netty.handler.codec.http.HttpRequest request) {
                TokenCheck.Refusal refusal = tokens.check(request.headers().get(HttpHeaderNames.AUTHORIZATION));
                if (refusal != null) {
                    refused = true;
                    log.accept("refused " + request.method().name() + " "
                            + loggable(new QueryStringDecoder(request.uri()).rawPath())
                            + " from " + ctx.channel().remoteAddress() + ": " + refusal.words);
                    io.netty.util.ReferenceCountUtil.release(message);
                    Handler.write(
                            ctx,
                            ApiReply.error(401, "refused: " + refusal.words + " (send Authorization: Bearer <token>)"),
                            false);
                    return;
                }
                refused = false;
            } else if (refused) { // the refused call's body: dropped unread, the connection is closing
                io.netty.util.ReferenceCountUtil.release(message);
                return;
            }
            ctx.fireChannelRead(message);
        }
    }

    /**
     * Over TLS, the first handler: a connection whose first bytes are a TLS record gets the {@link
     * io.netty.handler.ssl.SslHandler}; one that speaks plain HTTP gets a 400 that says how to write the agent's
     * address, and is closed (nothing it sent is read as a call). Not shared: one per connection.
     */
    static final class TlsOnly extends io.netty.handler.ssl.OptionalSslHandler {
        private final Consumer<String> log;

        TlsOnly(io.netty.handler.ssl.SslContext tls, Consumer<String> log) {
            super(tls);
            this.log = log;
        }

        @Override
        protected io.netty.channel.ChannelHandler newNonSslHandler(ChannelHandlerContext ctx) {
            return new io.netty.channel.ChannelInboundHandlerAdapter() {
                private boolean answered;

                @Override
                public void channelRead(ChannelHandlerContext plain, Object message) {
                    io.netty.util.ReferenceCountUtil.release(message);
                    if (answered) {
                        return;
                    }
                    answered = true;
                    log.accept("refused a plain-HTTP connection from "
                            + plain.channel().remoteAddress() + ": this agent speaks TLS");
                    byte[] body = AgentJson.bytes(ApiReply.error(
                                    400,
                                    "this agent speaks TLS: write its address as host:port#sha256:<fingerprint>, as"
                                            + " the agent printed it")
                            .body());
                    String head = "HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: "
                            + body.length + "\r\nConnection: close\r\n\r\n";
                    plain.writeAndFlush(Unpooled.wrappedBuffer(
                                    head.getBytes(java.nio.charset.StandardCharsets.US_ASCII), body))
                            .addListener(ChannelFutureListener.CLOSE);
                }
            };
        }
    }

    /** At most so many connections at once; one more is closed as it opens, said in the log. Shared; thread-safe. */
    @io.netty.channel.ChannelHandler.Sharable
    static final class ConnectionCap extends io.netty.channel.ChannelInboundHandlerAdapter {
        private final int max;
        private final Consumer<String> log;
        private final java.util.concurrent.atomic.AtomicInteger open = new java.util.concurrent.atomic.AtomicInteger();

        ConnectionCap(int max, Consumer<String> log) {
            this.max = max;
            this.log = log;
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            if (open.incrementAndGet() > max) {
                log.accept("refused a connection from " + ctx.channel().remoteAddress() + ": " + max
                        + " are open already");
                ctx.close();
                return;
            }
            ctx.fireChannelActive();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            open.decrementAndGet();
            ctx.fireChannelInactive();
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
            // Idle with no call in progress: closed, so that silent connections cannot hold the agent's slots.
            if (event instanceof io.netty.handler.timeout.IdleStateEvent
                    && !Boolean.TRUE.equals(ctx.channel().attr(BUSY).get())) {
                ctx.close();
                return;
            }
            ctx.fireUserEventTriggered(event);
        }
    }

    /** Calls received whole on a connection, counted by {@link Handler}: what {@link CallDeadline} waits for. */
    private static final io.netty.util.AttributeKey<long[]> CALLS = io.netty.util.AttributeKey.valueOf("duel-calls");

    /**
     * Closes a connection whose call does not arrive whole within a time from its first byte. The idle close alone
     * let a client hold a slot for ever by sending a byte of a request head every minute. Sees raw bytes (before the
     * HTTP decoder); a call counts as arrived when {@link Handler} receives it. Not shared: one per connection.
     */
    static final class CallDeadline extends io.netty.channel.ChannelInboundHandlerAdapter {
        private final long deadlineNanos;
        private final Consumer<String> log;
        private io.netty.util.concurrent.ScheduledFuture<?> timer;

        CallDeadline(java.time.Duration deadline, Consumer<String> log) {
            this.deadlineNanos = deadline.toNanos();
            this.log = log;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object message) {
            if (timer == null) {
                long callsBefore = calls(ctx);
                timer = ctx.executor().schedule(() -> expire(ctx, callsBefore), deadlineNanos, TimeUnit.NANOSECONDS);
            }
            ctx.fireChannelRead(message);
        }

        private void expire(ChannelHandlerContext ctx, long callsBefore) {
            timer = null;
            if (calls(ctx) == callsBefore && ctx.channel().isOpen()) {
                log.accept("closed a connection from " + ctx.channel().remoteAddress() + ": its call did not arrive"
                        + " whole within " + words(deadlineNanos));
                ctx.close();
            }
            // else a call arrived: the next read starts the next call's time (so a call whose first bytes came with
            // the last one's may have up to twice the time)
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (timer != null) {
                timer.cancel(false);
                timer = null;
            }
            ctx.fireChannelInactive();
        }

        private static String words(long nanos) {
            long millis = TimeUnit.NANOSECONDS.toMillis(nanos);
            return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
        }

        private static long calls(ChannelHandlerContext ctx) {
            long[] calls = ctx.channel().attr(CALLS).get();
            return calls == null ? 0 : calls[0];
        }
    }

    /** One connection's calls (the token already checked): the service on a worker. */
    static final class Handler extends SimpleChannelInboundHandler<FullHttpRequest> {
        private final AgentService service;
        private final ExecutorService workers;
        private final Consumer<String> log;

        Handler(AgentService service, ExecutorService workers, Consumer<String> log) {
            this.service = service;
            this.workers = workers;
            this.log = log;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            boolean keepAlive = HttpUtil.isKeepAlive(request);
            QueryStringDecoder uri = new QueryStringDecoder(request.uri());
            String method = request.method().name();
            ctx.channel().attr(BUSY).set(true);
            ctx.channel().attr(CALLS).setIfAbsent(new long[1]);
            ctx.channel().attr(CALLS).get()[0]++; // on the event loop, as CallDeadline reads it
            Map<String, String> query = new HashMap<>();
            uri.parameters().forEach((name, values) -> query.put(name, values.get(0)));
            ApiRequest call = new ApiRequest(
                    method,
                    uri.path(),
                    query,
                    request.headers().get("Duel-Lease"),
                    ByteBufUtil.getBytes(request.content()));
            workers.execute(() -> {
                ApiReply reply;
                try {
                    reply = service.handle(call);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    reply = ApiReply.error(503, "the agent is shutting down");
                } catch (RuntimeException e) {
                    log.accept("error on " + method + " " + loggable(uri.rawPath()) + ": " + e);
                    reply = ApiReply.error(500, "agent error: " + e);
                }
                // Not busy once the reply is written: an idle check in between must not close it unsent.
                write(ctx, reply, keepAlive)
                        .addListener(written -> ctx.channel().attr(BUSY).set(false));
            });
        }

        static io.netty.channel.ChannelFuture write(ChannelHandlerContext ctx, ApiReply reply, boolean keepAlive) {
            FullHttpResponse response = new DefaultFullHttpResponse(
                    HttpVersion.HTTP_1_1,
                    HttpResponseStatus.valueOf(reply.status()),
                    Unpooled.wrappedBuffer(AgentJson.bytes(reply.body())));
            response.headers()
                    .set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                    .setInt(HttpHeaderNames.CONTENT_LENGTH, response.content().readableBytes());
            if (keepAlive) {
                response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
                return ctx.writeAndFlush(response);
            }
            // said, so that a client does not send its next call on a connection about to close
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            return ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
