// StarterBot.java: a Java starter bot for Saboteur that plays by its role; copy it and make it yours.
//
// SaboteurBot.java keeps the state and lists the legal moves; this file only
// chooses among them.  How it plays, in order of preference (ties broken at
// random, with the seed the referee sends for the seat when it sends one):
//   everyone:   takes the highest gold card offered; repairs its own tools;
//   a miner:    lays the path card that brings the tunnel closest to the goal
//               it believes holds the gold, then looks at unknown goals with
//               a map, repairs the others, and discards what a miner needs
//               least (dead ends first);
//   a saboteur: breaks the others' tools, lays dead ends near the front of
//               the tunnel, drops rocks on the path card nearest the gold,
//               and discards what miners would want most (open path cards);
//   without roles (the two-player course ruleset) it digs like a miner and
//   breaks its opponent's tools when it cannot dig.
//
// Build and run: javac -d classes *.java && java -cp classes StarterBot

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

public class StarterBot extends SaboteurBot {
    StarterBot() {
        super("starter-java");
    }

    static int distance(int[] a, int[] b) {
        return Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]);
    }

    static int distance(Move m, int[] b) {
        return distance(new int[] {m.x, m.y}, b);
    }

    /** The goal place the gold is believed to be under: one a map or a
     *  reveal showed gold, else the unknown one nearest the start. */
    int[] target() {
        for (Map.Entry<String, String> e : goalCards.entrySet())
            if (e.getValue().startsWith("gold"))
                return cellOf(e.getKey());
        int[] best = null;
        for (int[] g : goals)
            if (!goalCards.containsKey(cell(g[0], g[1]))
                    && (best == null || distance(g, start) < distance(best, start)))
                best = g;
        if (best == null)
            best = goals.isEmpty() ? start : goals.get(0);
        return best;
    }

    /** How near the tunnel comes to goal: the least distance from a path
     *  card on the table (the start card included). */
    int front(int[] goal) {
        int d = 99;
        for (Map.Entry<String, String> e : board.entrySet())
            if (e.getValue().equals("start") || e.getValue().startsWith("path-"))
                d = Math.min(d, distance(cellOf(e.getKey()), goal));
        return d;
    }

    /** Whether a path move leaves an opening that faces goal. */
    static boolean toward(Move m, int[] goal) {
        String e = m.exits();
        int dx = goal[0] - m.x, dy = goal[1] - m.y;
        return (dx > 0 && e.contains("E")) || (dx < 0 && e.contains("W"))
                || (dy > 0 && e.contains("S")) || (dy < 0 && e.contains("N"));
    }

    private List<Move> moves;

    private List<Move> of(String kind) {
        List<Move> r = new ArrayList<>();
        for (Move m : moves)
            if (m.kind.equals(kind))
                r.add(m);
        return r;
    }

    @Override
    protected String choose() {
        moves = moves();
        Collections.shuffle(moves, random);     // ties go to chance
        Move best = null;
        for (Move m : of("pick"))
            if (best == null || m.value > best.value)
                best = m;
        if (best != null)
            return best.line;
        for (Move m : of("repair"))
            if (m.target == seat)
                return m.line;
        Move choice = "saboteur".equals(role) ? sabotage() : dig();
        return choice != null ? choice.line : discard();
    }

    Move dig() {
        int[] goal = target();
        int front = front(goal);
        Move best = null;
        for (Move m : of("path")) {
            if (m.exits().isEmpty())
                continue;
            if (best == null || distance(m, goal) < distance(best, goal)
                    || (distance(m, goal) == distance(best, goal)
                        && (toward(m, goal) && !toward(best, goal)
                            || toward(m, goal) == toward(best, goal)
                               && m.exits().length() > best.exits().length())))
                best = m;
        }
        if (best != null) {
            int d = distance(best, goal);
            if (d < front || (d == front && toward(best, goal)))
                return best;
        }
        boolean knownGold = false;
        for (String c : goalCards.values())
            knownGold |= c.startsWith("gold");
        Move map = null;
        for (Move m : of("map"))
            if (!goalCards.containsKey(cell(m.x, m.y))
                    && (map == null || distance(m, start) < distance(map, start)))
                map = m;
        if (map != null && !knownGold)
            return map;
        if ("miner".equals(role))
            for (Move m : of("repair"))
                if (m.target != seat)
                    return m;
        if (role == null)       // no roles: the other player is the rival
            for (Move m : of("break"))
                if (m.target != seat)
                    return m;
        return null;
    }

    Move sabotage() {
        int[] goal = target();
        int front = front(goal);
        for (Move m : of("break"))
            if (m.target != seat && !"saboteur".equals(roles.get(m.target)))
                return m;
        Move best = null;
        for (Move m : of("path"))
            if (m.exits().isEmpty() && (best == null || distance(m, goal) < distance(best, goal)))
                best = m;
        if (best != null && distance(best, goal) <= front + 1)
            return best;
        best = null;
        for (Move m : of("rockfall"))
            if (best == null || distance(m, goal) < distance(best, goal))
                best = m;
        if (best != null && distance(best, goal) <= front + 1)
            return best;
        for (Move m : of("map"))
            if (!goalCards.containsKey(cell(m.x, m.y)))
                return m;
        return null;
    }

    /** How little this role needs a card: the lower, the sooner discarded. */
    int keep(String card) {
        int exits = exits(card, 0).length();
        if ("saboteur".equals(role))    // open paths help the miners
            return card.startsWith("path-") ? -exits : 10;
        String[] order = {"dead-", "rockfall", "break-", "map", "repair-", "path-"};
        for (int i = 0; i < order.length; i++)
            if (card.startsWith(order[i]))
                return i * 10 + exits;
        return order.length * 10;
    }

    /** The discard of the card this role needs least; null lets SaboteurBot
     *  answer something legal. */
    String discard() {
        Move best = null;
        for (Move m : of("discard"))
            if (best == null || keep(m.card) < keep(best.card))
                best = m;
        return best != null ? best.line : null;
    }

    public static void main(String[] args) {
        System.exit(new StarterBot().run());
    }
}
