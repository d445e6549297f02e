// @ts-check
// An algorithm's name as the pages show it: an engine algorithm as people write it
// (A*, IDA*, BFS) or in words, translated (greedy: "Voraz"); a family's own solver
// (fast, auto, recursive, ...) keeps its name, which the family's notes use. The
// player's Solve panel and the watch mode name them alike.
const NAMES = {
  bfs: "BFS", dfs: "DFS", ucs: "UCS", astar: "A*", idastar: "IDA*", iddfs: "IDDFS", dls: "DLS",
};

export function algoLabel(t, name) {
  const words = {
    greedy: t("Greedy"), wastar: t("Weighted A*"), bibfs: t("Bidirectional BFS"),
    backtrack: t("Backtracking"),
  };
  return words[name] || NAMES[name] || name;
}
