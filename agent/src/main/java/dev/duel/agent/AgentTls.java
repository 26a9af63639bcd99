package dev.duel.agent;

import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * TLS for the agent API, trusted the way SSH trusts a host key: the agent serves one certificate (given as PEM files, or
 * made at its start), prints its SHA-256 fingerprint, and a controller trusts exactly the certificate whose
 * fingerprint its agent address pins ({@code host:port#sha256:<64 hex digits>}, {@link AgentAddress}); no
 * certificate authority, no host name check, no expiry check (a pinned certificate is the identity itself). TLS 1.3 or
 * 1.2 only. Stateless; the types it makes are immutable.
 */
public final class AgentTls {
    /** The prefix of a fingerprint as duel writes it. */
    public static final String FINGERPRINT_PREFIX = "sha256:";

    private static final Pattern FINGERPRINT = Pattern.compile("sha256:[0-9a-f]{64}");
    private static final String[] PROTOCOLS = {"TLSv1.3", "TLSv1.2"};
    private static final Pattern PEM_BLOCK =
            Pattern.compile("-----BEGIN ([A-Z0-9 ]+)-----([A-Za-z0-9+/=\\s]*)-----END \\1-----");

    private AgentTls() {}

    /**
     * The agent's key and the certificate it serves.
     *
     * @param key         the private key (EC, RSA or EdDSA)
     * @param certificate the certificate whose public key is {@code key}'s
     */
    public record ServerKey(PrivateKey key, X509Certificate certificate) {
        /** The certificate's SHA-256 fingerprint, {@code sha256:} and 64 lowercase hex digits: what a controller pins. */
        public String fingerprint() {
            return AgentTls.fingerprint(certificate);
        }

        /** The certificate as PEM ({@code tls.crt} of a Kubernetes TLS Secret). */
        public String certificatePem() {
            try {
                return pem("CERTIFICATE", certificate.getEncoded());
            } catch (java.security.cert.CertificateEncodingException e) {
                throw new IllegalStateException("a certificate that was read cannot be encoded again", e);
            }
        }

        /** The key as unencrypted PKCS#8 PEM ({@code tls.key}); keep it where only its owner reads it. */
        public String keyPem() {
            return pem("PRIVATE KEY", key.getEncoded());
        }

        @Override
        public String toString() {
            return "ServerKey[" + fingerprint() + ", key hidden]";
        }
    }

    /** Whether {@code text} is a fingerprint as duel writes it ({@code sha256:} and 64 lowercase hex digits). */
    public static boolean isFingerprint(String text) {
        return text != null && FINGERPRINT.matcher(text).matches();
    }

    /** {@code certificate}'s SHA-256 fingerprint: {@code sha256:} and 64 lowercase hex digits of its DER encoding. */
    public static String fingerprint(X509Certificate certificate) {
        try {
            return FINGERPRINT_PREFIX + HexFormat.of().formatHex(sha256(certificate.getEncoded()));
        } catch (java.security.cert.CertificateEncodingException e) {
            throw new IllegalStateException("a certificate that was read cannot be encoded again", e);
        }
    }

    /**
     * A fresh EC P-256 key and a self-signed certificate for it (CN=duel-agent, 10 years), made by the JDK's own
     * {@code keytool} (the JDK has no public API that signs a certificate) in an owner-only temporary folder that is
     * deleted afterwards.
     *
     * @param javaHome the JDK whose {@code bin/keytool} makes it (this JVM's {@code java.home})
     * @throws IllegalStateException that JDK has no keytool (a trimmed runtime image) or it failed, the message saying
     *                               which; the caller says what to give instead
     */
    public static ServerKey generate(Path javaHome) {
        Path keytool = javaHome.resolve("bin").resolve("keytool");
        if (!Files.isExecutable(keytool)) {
            throw new IllegalStateException(
                    "this Java runtime (" + javaHome + ") has no keytool to make a certificate with");
        }
        Path folder = null;
        try {
            folder = Files.createTempDirectory(
                    "duel-agent-tls-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            Path store = folder.resolve("agent.p12");
            char[] password = randomPassword();
            ProcessBuilder builder = new ProcessBuilder(
                            keytool.toString(),
                            "-genkeypair",
                            "-alias",
                            "duel-agent",
                            "-keyalg",
                            "EC",
                            "-keysize",
                            "256",
                            "-sigalg",
                            "SHA256withECDSA",
                            "-dname",
                            "CN=duel-agent",
                            "-validity",
                            "3650",
                            "-storetype",
                            "PKCS12",
                            "-keystore",
                            store.toString(),
                            "-storepass:env",
                            "DUEL_TLS_STORE_PASSWORD",
                            "-keypass:env",
                            "DUEL_TLS_STORE_PASSWORD",
                            "-noprompt")
                    .redirectErrorStream(true)
                    // to a file, so that the wait below is bounded by its timeout, not by keytool's output
                    .redirectOutput(folder.resolve("keytool.out").toFile());
            // In its environment, not on its command line, which other users of the machine can read.
            builder.environment().put("DUEL_TLS_STORE_PASSWORD", new String(password));
            Process process = builder.start();
            process.getOutputStream().close(); // nothing to answer: a prompt reads end of input at once
            boolean ended = process.waitFor(60, TimeUnit.SECONDS);
            if (!ended || process.exitValue() != 0) {
                process.destroyForcibly();
                String output = Files.readString(folder.resolve("keytool.out"), StandardCharsets.UTF_8);
                throw new IllegalStateException("keytool could not make the agent's certificate ("
                        + (ended ? output.strip() : "no answer in 60 s")
                        + ")");
            }
            KeyStore keys = KeyStore.getInstance("PKCS12");
            try (InputStream in = Files.newInputStream(store)) {
                keys.load(in, password);
            }
            return new ServerKey((PrivateKey) keys.getKey("duel-agent", password), (X509Certificate)
                    keys.getCertificate("duel-agent"));
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("the agent's certificate could not be made (" + e + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while making the agent's certificate", e);
        } finally {
            deleteQuietly(folder);
        }
    }

    /**
     * A certificate and its key from PEM files: the certificate's first {@code CERTIFICATE} block (what an agent
     * serves), the key as an unencrypted PKCS#8 {@code PRIVATE KEY} block, both checked to belong together.
     *
     * @throws IllegalArgumentException a file is missing or unreadable, holds no such block, holds a key in another
     *                                  form, or the key is not the certificate's: the message names the file and the
     *                                  fix
     */
    public static ServerKey read(Path certificateFile, Path keyFile) {
        X509Certificate certificate;
        try {
            List<X509Certificate> chain = new ArrayList<>();
            for (var read : CertificateFactory.getInstance("X.509")
                    .generateCertificates(new ByteArrayInputStream(readFile(certificateFile, "--tls-cert")))) {
                chain.add((X509Certificate) read);
            }
            if (chain.isEmpty()) {
                throw new IllegalArgumentException("--tls-cert " + certificateFile + " holds no certificate: give a"
                        + " PEM file that begins with -----BEGIN CERTIFICATE-----");
            }
            certificate = chain.get(0);
        } catch (CertificateException e) {
            throw new IllegalArgumentException("--tls-cert " + certificateFile + " is not a PEM certificate ("
                    + e.getMessage() + "): give a file that begins with -----BEGIN CERTIFICATE-----");
        }
        String keyText = new String(readFile(keyFile, "--tls-key"), StandardCharsets.US_ASCII);
        byte[] pkcs8 = null;
        Matcher block = PEM_BLOCK.matcher(keyText);
        while (block.find()) {
            String kind = block.group(1);
            if (kind.equals("PRIVATE KEY")) {
                pkcs8 = Base64.getMimeDecoder().decode(block.group(2));
                break;
            }
            if (kind.endsWith("PRIVATE KEY")) {
                throw new IllegalArgumentException("--tls-key " + keyFile + " holds a " + kind + "; duel reads an"
                        + " unencrypted PKCS#8 key (-----BEGIN PRIVATE KEY-----): convert it with openssl pkcs8"
                        + " -topk8 -nocrypt -in " + keyFile + " -out agent.pk8.pem");
            }
        }
        if (pkcs8 == null) {
            throw new IllegalArgumentException("--tls-key " + keyFile + " holds no private key: give a PEM file that"
                    + " begins with -----BEGIN PRIVATE KEY-----");
        }
        String algorithm = certificate.getPublicKey().getAlgorithm();
        PrivateKey key;
        try {
            key = KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("--tls-key " + keyFile + " is not a " + algorithm + " key as the"
                    + " certificate of --tls-cert " + certificateFile + " needs (" + e.getMessage() + ")");
        }
        if (!belongTogether(key, certificate)) {
            throw new IllegalArgumentException("--tls-key " + keyFile + " is not the key of the certificate in"
                    + " --tls-cert " + certificateFile + ": give the key the certificate was made for");
        }
        return new ServerKey(key, certificate);
    }

    /** What the agent API's server speaks: TLS 1.3 or 1.2 with {@code key}, no client certificate asked for. */
    public static SslContext serverContext(ServerKey key) {
        try {
            return SslContextBuilder.forServer(key.key(), key.certificate())
                    .sslProvider(SslProvider.JDK)
                    .protocols(PROTOCOLS)
                    .build();
        } catch (javax.net.ssl.SSLException e) {
            throw new IllegalStateException("the agent's TLS could not be set up: " + e.getMessage(), e);
        }
    }

    /** What a controller speaks to an agent whose address pins {@code fingerprint}: it trusts that certificate only. */
    public static SSLContext clientContext(String fingerprint) {
        if (!isFingerprint(fingerprint)) {
            throw new IllegalArgumentException("'" + fingerprint + "' is not a fingerprint: write sha256: and 64 hex"
                    + " digits, as the agent prints it");
        }
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, new TrustManager[] {new PinnedTrust(fingerprint)}, new SecureRandom());
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("TLS is not available in this Java runtime: " + e.getMessage(), e);
        }
    }

    /** The protocols a controller offers, as the server's. */
    static String[] protocols() {
        return PROTOCOLS.clone();
    }

    /**
     * Trusts one certificate, by its SHA-256 fingerprint: a server certificate (chain) whose first certificate has
     * another fingerprint is refused, naming both. Extended, so that JSSE leaves the host name to it (and it leaves it
     * be: the pin is the identity). No client is ever trusted. Immutable.
     */
    static final class PinnedTrust extends X509ExtendedTrustManager {
        private final byte[] pinned;
        private final String fingerprint;

        PinnedTrust(String fingerprint) {
            this.fingerprint = fingerprint;
            this.pinned = HexFormat.of().parseHex(fingerprint.substring(FINGERPRINT_PREFIX.length()));
        }

        private void check(X509Certificate[] chain) throws CertificateException {
            if (chain == null || chain.length == 0) {
                throw new CertificateException("the agent sent no certificate");
            }
            byte[] seen = sha256(chain[0].getEncoded());
            if (!MessageDigest.isEqual(seen, pinned)) {
                throw new CertificateException("the agent's certificate is " + FINGERPRINT_PREFIX
                        + HexFormat.of().formatHex(seen) + ", not the " + fingerprint + " its address pins: another"
                        + " process answers there, or the agent made a new certificate (it does at each start"
                        + " without --tls-cert); give the fingerprint the agent printed");
            }
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            check(chain);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
                throws CertificateException {
            check(chain);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
                throws CertificateException {
            check(chain);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            throw new CertificateException("a controller trusts no client certificate");
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
                throws CertificateException {
            throw new CertificateException("a controller trusts no client certificate");
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
                throws CertificateException {
            throw new CertificateException("a controller trusts no client certificate");
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }

    /** Whether {@code key} signs what {@code certificate}'s public key verifies: a challenge signed and checked. */
    private static boolean belongTogether(PrivateKey key, X509Certificate certificate) {
        try {
            byte[] challenge = new byte[32];
            new SecureRandom().nextBytes(challenge);
            Signature signing = signature(key.getAlgorithm());
            signing.initSign(key);
            signing.update(challenge);
            byte[] signed = signing.sign();
            Signature verifying = signature(key.getAlgorithm());
            verifying.initVerify(certificate.getPublicKey());
            verifying.update(challenge);
            return verifying.verify(signed);
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    /** A signature of a key of {@code keyAlgorithm} with SHA-256 (EdDSA keys: the algorithm is its own signature). */
    private static Signature signature(String keyAlgorithm) throws GeneralSecurityException {
        return switch (keyAlgorithm.toUpperCase(Locale.ROOT)) {
            case "EC" -> Signature.getInstance("SHA256withECDSA");
            case "RSA" -> Signature.getInstance("SHA256withRSA");
            case "RSASSA-PSS" -> {
                Signature pss = Signature.getInstance("RSASSA-PSS");
                pss.setParameter(new java.security.spec.PSSParameterSpec(
                        "SHA-256", "MGF1", java.security.spec.MGF1ParameterSpec.SHA256, 32, 1));
                yield pss;
            }
            default -> Signature.getInstance(keyAlgorithm); // Ed25519, Ed448, EdDSA
        };
    }

    private static byte[] readFile(Path file, String option) {
        try {
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(option + " " + file + " does not exist: give the PEM file's path");
        } catch (IOException e) {
            throw new IllegalArgumentException(option + " " + file + " cannot be read (" + e + ")");
        }
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    private static String pem(String kind, byte[] der) {
        return "-----BEGIN " + kind + "-----\n"
                + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der) + "\n-----END " + kind + "-----\n";
    }

    private static char[] randomPassword() {
        byte[] random = new byte[24];
        new SecureRandom().nextBytes(random);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(random).toCharArray();
    }

    private static void deleteQuietly(Path folder) {
        if (folder == null) {
            return;
        }
        try (var files = Files.list(folder)) {
            for (Path file : files.toList()) {
                Files.deleteIfExists(file);
            }
            Files.deleteIfExists(folder);
        } catch (IOException e) {
            // a temporary folder of the owner's only; nothing measured depends on it
        }
    }
}
