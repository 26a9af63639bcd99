package dev.duel.reference.logic;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import javax.sql.DataSource;

/** Products in PostgreSQL, through prepared statements only. Thread-safe. */
public final class ProductRepository {
    /** PostgreSQL's SQLSTATE for a unique constraint violation. */
    private static final String UNIQUE_VIOLATION = "23505";

    private final DataSource dataSource;

    public ProductRepository(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    public Optional<ProductView> findById(long id) throws SQLException {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement query =
                        connection.prepareStatement("SELECT id, name, price_cents FROM products WHERE id = ?")) {
            query.setLong(1, id);
            try (ResultSet row = query.executeQuery()) {
                return row.next()
                        ? Optional.of(new ProductView(row.getLong(1), row.getString(2), row.getInt(3)))
                        : Optional.empty();
            }
        }
    }

    public boolean skuExists(String sku) throws SQLException {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement query =
                        connection.prepareStatement("SELECT EXISTS (SELECT 1 FROM products WHERE sku = ?)")) {
            query.setString(1, sku);
            try (ResultSet row = query.executeQuery()) {
                row.next();
                return row.getBoolean(1);
            }
        }
    }

    /**
     * Inserts a product that passed validation.
     *
     * @throws DuplicateSkuException when another insert took the SKU first (the unique index decides)
     */
    public ProductView insert(NewProduct product) throws SQLException, DuplicateSkuException {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement insert = connection.prepareStatement(
                        "INSERT INTO products (sku, name, price_cents) VALUES (?, ?, ?) RETURNING id")) {
            insert.setString(1, product.sku());
            insert.setString(2, product.name());
            insert.setInt(3, product.priceCents());
            try (ResultSet row = insert.executeQuery()) {
                row.next();
                return new ProductView(row.getLong(1), product.name(), product.priceCents());
            }
        } catch (SQLException e) {
            if (UNIQUE_VIOLATION.equals(e.getSQLState())) {
                throw new DuplicateSkuException(product.sku());
            }
            throw e;
        }
    }

    public long count() throws SQLException {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement query = connection.prepareStatement("SELECT count(*) FROM products");
                ResultSet row = query.executeQuery()) {
            row.next();
            return row.getLong(1);
        }
    }
}
