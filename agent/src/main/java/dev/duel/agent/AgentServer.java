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
 * The agent API on HTTP/1.1 (Netty): checks the token of every call before anything else (a refusal is a 401 and one
 * log line {@code refused <METHOD> <path> from <address>: <no token|wrong token>}), then hands the call to the
 * {@link AgentService} on a worker thread (a long poll waits there, never on the event loop). Lapses an idle lease
 * every second. Thread-safe; {@link #close} once.
 */
public final class AgentServer implements AutoCloseable {
    /** Largest request body: a plan with its variables' lists fits many times over. */
    private static final int MAX_BODY_BYTES = 16 * 1024 * 1024;

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
        TokenCheck tokens = new TokenCheck(token);
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
                            ch.pipeline()
                                    .addLast(new HttpServerCodec())
                                    .addLast(new HttpObjectAggregator(MAX_BODY_BYTES))
                                    .addLast(new Handler(tokens, service, workers, log));
                        }
                    })
                    .bind(bind)
                    .sync()
                    .channel();
            group.scheduleAtFixedRate(service::lapseIdleLease, 1, 1, TimeUnit.SECONDS);
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

    /** One connection's calls: token, then the service on a worker. */
    static final class Handler extends SimpleChannelInboundHandler<FullHttpRequest> {
        private final TokenCheck tokens;
        private final AgentService service;
        private final ExecutorService workers;
        private final Consumer<String> log;

        Handler(TokenCheck tokens, AgentService service, ExecutorService workers, Consumer<String> log) {
            this.tokens = tokens;
            this.service = service;
            this.workers = workers;
            this.log = log;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            boolean keepAlive = HttpUtil.isKeepAlive(request);
            QueryStringDecoder uri = new QueryStringDecoder(request.uri());
            String method = request.method().name();
            TokenCheck.Refusal refusal = tokens.check(request.headers().get(HttpHeaderNames.AUTHORIZATION));
            if (refusal != null) {
                log.accept("refused " + method + " " + uri.path() + " from "
                        + ctx.channel().remoteAddress() + ": " + refusal.words);
                write(
                        ctx,
                        ApiReply.error(401, "refused: " + refusal.words + " (send Authorization: Bearer <token>)"),
                        keepAlive);
                return;
            }
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
                    log.accept("error on " + method + " " + uri.path() + ": " + e);
                    reply = ApiReply.error(500, "agent error: " + e);
                }
                write(ctx, reply, keepAlive);
            });
        }

        private static void write(ChannelHandlerContext ctx, ApiReply reply, boolean keepAlive) {
            FullHttpResponse response = new DefaultFullHttpResponse(
                    HttpVersion.HTTP_1_1,
                    HttpResponseStatus.valueOf(reply.status()),
                    Unpooled.wrappedBuffer(AgentJson.bytes(reply.body())));
            response.headers()
                    .set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                    .setInt(HttpHeaderNames.CONTENT_LENGTH, response.content().readableBytes());
            if (keepAlive) {
                response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
                ctx.writeAndFlush(response);
            } else {
                ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
