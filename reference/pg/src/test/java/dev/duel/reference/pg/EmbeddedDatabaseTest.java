package dev.duel.reference.pg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Issue 24, item 15: the embedded PostgreSQL was a password-less superuser on 127.0.0.1 (initdb -A trust): any local
 * user could connect and run commands as duel's user. Now every connection must give the server's random password.
 */
@Tag("slow") // starts PostgreSQL: CI runs it; the quick loop (-Pquick) leaves it out
class EmbeddedDatabaseTest {
    @Test
    void onlyAConnectionWithThePasswordGetsIn() throws Exception {
        try (EmbeddedDatabase database = EmbeddedDatabase.start(0)) {
            String url = database.jdbcUrl();
            assertTrue(
                    url.matches(
                            "jdbc:postgresql://127\\.0\\.0\\.1:\\d+/postgres\\?user=postgres&password=[A-Za-z0-9_-]{32}"),
                    url);
            try (Connection connection = DriverManager.getConnection(url);
                    Statement statement = connection.createStatement();
                    ResultSet one = statement.executeQuery("SELECT 1")) {
                assertTrue(one.next());
                assertEquals(1, one.getInt(1));
            }
            String withoutPassword = url.substring(0, url.indexOf("&password="));
            SQLException refused = assertThrows(
                    SQLException.class,
                    () -> DriverManager.getConnection(withoutPassword).close());
            assertTrue(refused.getMessage().contains("password"), refused.getMessage());
            String wrong = withoutPassword + "&password=guess";
            SQLException wrongRefused = assertThrows(
                    SQLException.class, () -> DriverManager.getConnection(wrong).close());
            assertTrue(wrongRefused.getMessage().contains("password authentication failed"), wrongRefused.getMessage());
        }
    }

    @Test
    void twoServersHaveTwoPasswords() throws Exception {
        try (EmbeddedDatabase first = EmbeddedDatabase.start(0);
                EmbeddedDatabase second = EmbeddedDatabase.start(0)) {
            String a = first.jdbcUrl().substring(first.jdbcUrl().indexOf("&password="));
            String b = second.jdbcUrl().substring(second.jdbcUrl().indexOf("&password="));
            assertTrue(!a.equals(b), a);
        }
    }
}
