// SaboteurBot.java: the protocol and the state for a Saboteur bot in Java (standard library only).
//
// Extend it, write choose(), and call run() from main():
//
//   public class First extends SaboteurBot {
//       First() { super("first"); }
//       @Override protected String choose() { return legal.get(0); }
//       public static void main(String[] args) { System.exit(new First().run()); }
//   }
//
// run() answers the handshake with "bot NAME moves seed" (so the referee lists
// the legal moves before every decision, and may send a seed), keeps the
// fields below up to date from the referee's lines, calls choose() on every
// "turn" and prints its answer.  Lines it does not know are ignored, as the
// protocol asks (saboteur-protocol(7)).  Cells are keys "x,y" (see cell()).

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

public abstract class SaboteurBot {
    /** One legal move line taken apart; line is the answer to send. */
    public static final class Move {
        public final String line;
        /** "path", "break", "repair", "rockfall", "map", "discard", "pick" or "other". */
        public String kind = "other";
        public String card;             // the card token (null for a pick)
        public int x, y, rot;           // a path, a rockfall, a map
        public int target = -1;         // the seat of a break or a repair
        public String tool;             // the tool a repair mends
        public int value;               // the gold of a pick

        public Move(String line) {
            this.line = line;
            String[] w = line.trim().split("[ \t]+");
            try {
                if (w[0].equals("pick") && w.length >= 2) {
                    kind = "pick";
                    value = Integer.parseInt(w[1]);
                } else if (w[0].equals("discard") && w.length >= 2) {
                    kind = "discard";
                    card = w[1];
                } else if (w[0].equals("play") && w.length >= 3) {
                    card = w[1];
                    if ((card.startsWith("path-") || card.startsWith("dead-")) && w.length >= 5) {
                        x = Integer.parseInt(w[2]);
                        y = Integer.parseInt(w[3]);
                        rot = Integer.parseInt(w[4]);
                        kind = "path";
                    } else if (card.startsWith("break-")) {
                        target = Integer.parseInt(w[2]);
                        kind = "break";
                    } else if (card.startsWith("repair-") && w.length >= 4) {
                        target = Integer.parseInt(w[2]);
                        tool = w[3];
                        kind = "repair";
                    } else if ((card.equals("rockfall") || card.equals("map")) && w.length >= 4) {
                        x = Integer.parseInt(w[2]);
                        y = Integer.parseInt(w[3]);
                        kind = card;
                    }
                }
            } catch (NumberFormatException e) {
                kind = "other";
            }
        }

        /** A path move's open edges once laid (see exits()). */
        public String exits() {
            return kind.equals("path") ? SaboteurBot.exits(card, rot) : "";
        }

        @Override public String toString() {
            return line;
        }
    }

    // ---- the state, reset by each "game" (the round part by each "round") ----
    public final String name;
    public int game, seat = -1, players;
    public String ruleset;
    /** The "seed S" sent for this seat of this game, or null. */
    public Long seed;
    /** For the bot's choices: seeded by "seed S", else BOT_SEED with the
     *  game and seat, else the clock. */
    public Random random = new Random();
    public final Map<Integer, String> names = new HashMap<>();
    public int[] start = {0, 0};
    public final List<int[]> goals = new ArrayList<>();
    public int round, deck;
    /** "miner", "saboteur", or null (not dealt, or no roles). */
    public String role;
    public final Map<Integer, String> roles = new HashMap<>();
    /** Our cards as tokens, e.g. "path-NES". */
    public final List<String> hand = new ArrayList<>();
    /** Every card on the table by cell: "start" for the start card, "-" for
     *  a goal still face down. */
    public final Map<String, String> board = new HashMap<>();
    /** Goals we peeked at or saw revealed. */
    public final Map<String, String> goalCards = new HashMap<>();
    /** Broken tools in front of each seat. */
    public final Map<Integer, List<String>> broken = new HashMap<>();
    public final Map<Integer, Integer> gold = new HashMap<>();
    /** Gold values offered to us now (pick one). */
    public final List<Integer> offer = new ArrayList<>();
    /** The legal move lines of this decision. */
    public final List<String> legal = new ArrayList<>();
    public int turn, moveMs, bankMs, tries;

    private boolean answered = true, dealing;
    private String lastAnswer;
    private final PrintStream out;

    protected SaboteurBot(String name) {
        this.name = name;
        // The referee's lines are ASCII; System.out flushes after each line.
        this.out = new PrintStream(System.out, true, StandardCharsets.US_ASCII);
    }

    /** Returns the reply to the decision being asked: a move line such as
     *  "play path-NES 1 0 0", "discard map" or "pick 3"; null lets run()
     *  answer something legal. */
    protected abstract String choose();

    /** Called with the words of every line after the state took it in. */
    protected void seen(String[] words) {
    }

    // ---- helpers for strategies ------------------------------------------------

    public static String cell(int x, int y) {
        return x + "," + y;
    }

    public static int[] cellOf(String key) {
        String[] p = key.split(",");
        return new int[] {Integer.parseInt(p[0]), Integer.parseInt(p[1])};
    }

    /** The edges of a path card through which a tunnel goes on ("NES"): the
     *  joined edges, without the stubs after "." of the token, turned when
     *  rot is 1; "" for a dead end or a card that is not a path. */
    public static String exits(String token, int rot) {
        int dash = token.indexOf('-');
        if (dash < 0)
            return "";
        String kind = token.substring(0, dash);
        if (!(kind.equals("path") || kind.equals("start") || kind.equals("gold")
                || kind.equals("stone")))
            return "";
        String edges = token.substring(dash + 1).split("\\.")[0];
        StringBuilder sb = new StringBuilder();
        for (char e : "NESW".toCharArray()) {
            char from = rot == 1 ? "SWNE".charAt("NESW".indexOf(e)) : e;
            if (edges.indexOf(from) >= 0)
                sb.append(e);
        }
        return sb.toString();
    }

    /** The legal moves of this decision, taken apart. */
    public List<Move> moves() {
        List<Move> m = new ArrayList<>();
        for (String l : legal)
            m.add(new Move(l));
        return m;
    }

    public boolean isBroken(int s) {
        List<String> t = broken.get(s);
        return t != null && !t.isEmpty();
    }

    // ---- the state ---------------------------------------------------------------

    private void newGame(int g) {
        game = g;
        seat = -1;
        seed = null;
        names.clear();
        goals.clear();
        gold.clear();
        start = new int[] {0, 0};
        newRound();
        answered = true;
        lastAnswer = null;
    }

    private void newRound() {
        round = deck = 0;
        role = null;
        roles.clear();
        hand.clear();
        legal.clear();
        offer.clear();
        board.clear();
        goalCards.clear();
        broken.clear();
        turn = moveMs = bankMs = tries = 0;
        dealing = false;
    }

    /** BOT_SEED with the game and the seat, else the clock: the seed when
     *  the referee sends none. */
    private long fallbackSeed() {
        String env = System.getenv("BOT_SEED");
        if (env != null && env.trim().matches("[0-9]+"))
            return (env.trim() + "/" + game + "/" + seat).hashCode() * 0x9e3779b97f4a7c15L;
        return System.nanoTime();
    }

    private void played(int who, String[] w) {
        String card = w[2];
        if ((card.startsWith("path-") || card.startsWith("dead-")) && w.length >= 6) {
            board.put(w[3] + "," + w[4], card);
        } else if (card.startsWith("break-") && w.length >= 4) {
            broken.computeIfAbsent(Integer.parseInt(w[3]), k -> new ArrayList<>())
                    .add(card.substring("break-".length()));
        } else if (card.startsWith("repair-") && w.length >= 5) {
            List<String> t = broken.get(Integer.parseInt(w[3]));
            if (t != null)
                t.remove(w[4]);
        } else if (card.equals("rockfall") && w.length >= 5) {
            board.remove(w[3] + "," + w[4]);
        }
        if (who == seat)
            hand.remove(card);
    }

    /** Takes one line's words into the state; returns "answer", "quit" or null. */
    private String take(String[] w) {
        String kind = w[0];
        int n = w.length;
        if (!kind.equals("draw") && !kind.equals("role"))
            dealing = false;
        switch (kind) {
        case "saboteur":
            out.println("bot " + name + " moves seed");
            break;
        case "quit":
            return "quit";
        case "game":
            if (n >= 5) {
                newGame(Integer.parseInt(w[1]));
                ruleset = w[2];
                players = Integer.parseInt(w[3]);
                seat = Integer.parseInt(w[4]);
                random = new Random(fallbackSeed());
            }
            break;
        case "seed":
            if (n >= 2) {
                seed = Long.parseUnsignedLong(w[1]);
                random = new Random(seed);
            }
            break;
        case "player":
            if (n >= 3)
                names.put(Integer.parseInt(w[1]), w[2]);
            break;
        case "start":
            if (n >= 3)
                start = new int[] {Integer.parseInt(w[1]), Integer.parseInt(w[2])};
            break;
        case "goal":
            if (n >= 3)
                goals.add(new int[] {Integer.parseInt(w[1]), Integer.parseInt(w[2])});
            break;
        case "round":
            if (n >= 4) {
                newRound();
                round = Integer.parseInt(w[1]);
                deck = Integer.parseInt(w[3]);
                dealing = true;
                board.put(cell(start[0], start[1]), "start");
                for (int[] g : goals)
                    board.put(cell(g[0], g[1]), "-");
            }
            break;
        case "role":
            if (n >= 3) {
                roles.put(Integer.parseInt(w[1]), w[2]);
                if (Integer.parseInt(w[1]) == seat && !w[2].equals("none"))
                    role = w[2];
            }
            break;
        case "draw":
            if (n >= 3) {
                if (!dealing)
                    deck = Math.max(0, deck - 1);
                if (Integer.parseInt(w[1]) == seat && !w[2].equals("-"))
                    hand.add(w[2]);
            }
            break;
        case "played":
            if (n >= 3)
                played(Integer.parseInt(w[1]), w);
            break;
        case "discarded":
            if (n >= 3 && Integer.parseInt(w[1]) == seat)
                hand.remove(w[2]);
            break;
        case "peek":
        case "reveal":
            if (n >= 4) {
                goalCards.put(w[1] + "," + w[2], w[3]);
                if (kind.equals("reveal"))
                    board.put(w[1] + "," + w[2], w[3]);
            }
            break;
        case "offer":
            offer.clear();
            for (int i = 1; i < n; i++)
                offer.add(Integer.parseInt(w[i]));
            break;
        case "gold":
            if (n >= 3 && !w[2].equals("-")) {
                int s = Integer.parseInt(w[1]);
                gold.merge(s, Integer.parseInt(w[2]), Integer::sum);
                if (s == seat)
                    offer.clear();
            }
            break;
        case "legal":
            if (n >= 2) {
                if (answered) {
                    legal.clear();
                    answered = false;
                }
                legal.add(String.join(" ", java.util.Arrays.copyOfRange(w, 1, n)));
            }
            break;
        case "turn":
            if (n >= 4) {
                turn = Integer.parseInt(w[1]);
                moveMs = Integer.parseInt(w[2]);
                bankMs = Integer.parseInt(w[3]);
                tries = 0;
                if (answered)           // no list came for this decision
                    legal.clear();
                return "answer";
            }
            break;
        case "illegal":
            // With tries left the referee waits for another reply to the
            // same decision and sends neither the list nor "turn" again.
            if (n >= 2) {
                tries = Integer.parseInt(w[1]);
                legal.remove(lastAnswer);
                return tries > 0 ? "answer" : null;
            }
            break;
        default:
            break;
        }
        return null;
    }

    // ---- the protocol --------------------------------------------------------------

    private void answer() {
        String move = null;
        try {
            move = choose();
        } catch (RuntimeException e) {  // a bug in choose() should not lose the game
            e.printStackTrace();
        }
        if (move == null || move.trim().isEmpty()) {    // something rather than nothing
            if (!legal.isEmpty())
                move = legal.get(0);
            else if (!offer.isEmpty())
                move = "pick " + java.util.Collections.max(offer);
            else if (!hand.isEmpty())
                move = "discard " + hand.get(0);
            else
                move = "note nothing to play";
        }
        move = move.trim().split("\r?\n")[0];   // one line, whatever came
        lastAnswer = move;
        answered = true;
        out.println(move);
    }

    /** Plays until "quit" or the end of input; returns the exit status. */
    public int run() {
        BufferedReader in = new BufferedReader(
                new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        try {
            String line;
            while ((line = in.readLine()) != null) {
                String t = line.trim();
                if (t.isEmpty())
                    continue;
                String[] w = t.split("[ \t]+");
                String what;
                try {
                    what = take(w);
                } catch (NumberFormatException e) {     // ignore a malformed line
                    continue;
                }
                seen(w);
                if ("quit".equals(what))
                    return 0;
                if ("answer".equals(what))
                    answer();
                if (out.checkError())   // the referee has gone
                    return 1;
            }
        } catch (IOException e) {
            return 1;
        }
        return 0;
    }
}
