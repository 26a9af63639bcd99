package dev.duel.load.sink;

import dev.duel.load.PlanSegment;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
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
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A tiny in-process HTTP/1.1 server on 127.0.0.1 that answers every request with the same
 * response: something to point the engine at when the target does not matter (warming the
 * engine's own JIT, self-checks, examples). Thread-safe; close it to free its port and threads.
 */
public final class SinkServer implements AutoCloseable {
    /** The reference API's {@code /json} answer, so warm-up exercises the same code paths. */
    public static final String DEFAULT_BODY = "{\"id\":42,\"name\":\"Product 42\",\"priceCents\":4200}";

    private final EventLoopGroup group;
    private final Channel server;
    private final AtomicLong requests = new AtomicLong();

    private SinkServer(int threads, int port, int status, byte[] body) throws InterruptedException {
        group = new MultiThreadIoEventLoopGroup(
                threads, new DefaultThreadFactory("duel-sink", true), NioIoHandler.newFactory());
        ByteBuf content = Unpooled.unreleasableBuffer(Unpooled.copiedBuffer(body));
        HttpResponseStatus responseStatus = HttpResponseStatus.valueOf(status);
        ChannelHandler answer = new Answer(responseStatus, content, requests);
        try {
            server = new ServerBootstrap()
                    .group(group)
                    .channel(NioServerSocketChannel.class)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel channel) {
                            channel.pipeline()
                                    .addLast(new HttpServerCodec(), new HttpObjectAggregator(1 << 20), answer);
                        }
                    })
                    .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port))
                    .sync()
                    .channel();
        } catch (RuntimeException | InterruptedException e) {
            group.shutdownGracefully(0, 0, java.util.concurrent.TimeUnit.SECONDS);
            throw e;
        }
    }

    /** Starts a sink on a free port answering 200 with {@link #DEFAULT_BODY}. */
    public static SinkServer start() throws InterruptedException {
        return start(1, 0, 200, DEFAULT_BODY.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * @param port 0 for any free port
     */
    public static SinkServer start(int threads, int port, int status, byte[] body) throws InterruptedException {
        return new SinkServer(threads, port, status, body);
    }

    public int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    public String url(String path) {
        return "http://127.0.0.1:" + port() + path;
    }

    /**
     * The plans that warm a load generator's JIT against this sink before its first measured run (duel's own engine
     * before a suite, each load agent as it starts), nothing measured from them: half of {@code length} in the closed
     * model (8 users), half in the open model (Poisson arrivals at 4,000 requests/s on up to 16 connections), each on
     * /json with a JSON check, because the two models run different code (an open run's schedule, its dispatcher and
     * its late requests): warmed on the closed model alone, an engine compiled its open path during the first
     * measured run, and a fresh agent used 2.5x the CPU per request of a warm engine (137 against 56 us at 2,000
     * requests/s, AgentsInNamespacesTest).
     *
     * @param threads the generator's event-loop threads, 0 for one per CPU it may use
     */
    public java.util.List<dev.duel.load.LoadPlan> warmupPlans(java.time.Duration length, int threads) {
        java.time.Duration half = length.dividedBy(2);
        java.util.List<dev.duel.load.LoadPlan> plans = new java.util.ArrayList<>();
        for (dev.duel.load.LoadModel model : java.util.List.of(
                new dev.duel.load.LoadModel.Closed(8),
                new dev.duel.load.LoadModel.Open(
                        dev.duel.load.schedule.Rate.perSecond(4_000), dev.duel.record.load.Arrival.POISSON, 16))) {
            if (half.isZero()) {
                continue;
            }
            plans.add(new dev.duel.load.LoadPlan(
                    new dev.duel.load.http.RequestSpec("GET", url("/json"), java.util.List.of(), null),
                    java.util.Map.of(),
                    java.util.List.of("json:/id == 42"),
                    model,
                    new dev.duel.load.Timing.Phases(java.time.Duration.ZERO, java.time.Duration.ZERO, half),
                    java.time.Duration.ofSeconds(10),
                    1,
                    threads,
                    dev.duel.load.LoadPlan.Transport.AUTO,
                    PlanSegment.WHOLE));
        }
        return plans;
    }

    /** Requests answered so far. */
    public long requests() {
        return requests.get();
    }

    @Override
    public void close() {
        server.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
    }

    @ChannelHandler.Sharable
    private static final class Answer extends SimpleChannelInboundHandler<FullHttpRequest> {
        private final HttpResponseStatus status;
        private final ByteBuf content;
        private final AtomicLong requests;

        Answer(HttpResponseStatus status, ByteBuf content, AtomicLong requests) {
            this.status = status;
            this.content = content;
            this.requests = requests;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            requests.incrementAndGet();
            FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, content.duplicate());
            response.headers()
                    .set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                    .setInt(HttpHeaderNames.CONTENT_LENGTH, content.readableBytes());
            ctx.writeAndFlush(response);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            // A client that goes away mid-request is normal for a sink: close, say nothing.
            ctx.close();
        }
    }
}
