package dev.duel.reference.logic;

import java.util.List;
import java.util.SplittableRandom;

/** Generates the {@code /process} dataset from a seed, the same in every app and on every JDK. */
public final class Dataset {
    public static final long SEED = 42;
    public static final List<String> CATEGORIES = List.of(
            "audio",
            "books",
            "camping",
            "garden",
            "kitchen",
            "lighting",
            "music",
            "office",
            "outdoor",
            "sports",
            "tools",
            "toys");
    private static final String[] ADJECTIVES = {
        "Sturdy",
        "Compact",
        "Deluxe",
        "Classic",
        "Portable",
        "Silent",
        "Rapid",
        "Gentle",
        "Bright",
        "Modular",
        "Rugged",
        "Elegant",
        "Smart",
        "Vintage",
        "Solar",
        "Folding"
    };
    private static final String[] NOUNS = {
        "Lamp",
        "Kettle",
        "Backpack",
        "Speaker",
        "Notebook",
        "Shovel",
        "Tent",
        "Blender",
        "Drill",
        "Puzzle",
        "Racket",
        "Chair",
        "Guitar",
        "Planter",
        "Stapler",
        "Lantern"
    };
    private static final String[] COLOURS = {"Red", "Blue", "Green", "Black", "White", "Amber", "Teal", "Grey"};
    private static final String[] MAKERS = {
        "Acme Outdoor Supply",
        "Northwind Traders",
        "Contoso Home Goods",
        "Fabrikam Workshop",
        "Globex Leisure",
        "Initech Office Co",
        "Umbrella Garden Ltd",
        "Wayne Sports Gear"
    };

    private Dataset() {}

    public static DataRecord[] generate(int size) {
        return generate(size, SEED);
    }

    public static DataRecord[] generate(int size, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        DataRecord[] records = new DataRecord[size];
        for (int i = 0; i < size; i++) {
            long id = i + 1L;
            String name = ADJECTIVES[random.nextInt(ADJECTIVES.length)] + ' ' + COLOURS[random.nextInt(COLOURS.length)]
                    + ' ' + NOUNS[random.nextInt(NOUNS.length)] + " No. " + id + " by "
                    + MAKERS[random.nextInt(MAKERS.length)];
            records[i] = new DataRecord(
                    id,
                    name,
                    CATEGORIES.get(random.nextInt(CATEGORIES.size())),
                    random.nextInt(100, 100_000),
                    random.nextInt(500),
                    random.nextInt(10, 51),
                    random.nextInt(2_200));
        }
        return records;
    }
}
