// @ts-check
// The types the scripts share, for the checker (`make lint` runs tsc --checkJs): the view
// format the server sends (searchlab/view/format.py) and the answers of the JSON API.
// Nothing runs here; a script names a type with `/** @import { View } from "./types.js" */`.

/**
 * A piece, or a fixture (part of the board that never moves: a tower's rods and base),
 * covering `h` x `w` cells from (`r`, `c`).
 * @typedef {object} Piece
 * @property {number | string} [id] lets the page slide a piece that moved
 * @property {number} r
 * @property {number} c
 * @property {number} [h] rows covered (1)
 * @property {number} [w] columns covered (1)
 * @property {string} [kind] a key of styles.PIECES: its shape and colours
 * @property {string | number} [label] drawn on blocks
 * @property {string} [color] a CSS colour replacing the kind's fill
 */

/**
 * A view: a small JSON description of a grid position (searchlab/view/format.py). Every
 * key but `rows` and `cols` is optional; a family's base view is merged with each
 * position's state view.
 * @typedef {object} View
 * @property {number} rows
 * @property {number} cols
 * @property {string[]} [cells] one string a row, one character a cell (styles.CELLS)
 * @property {number[]} [offsets] row r drawn offsets[r] cells to the right
 * @property {Piece[]} [pieces]
 * @property {(Piece & {label?: string})[]} [fixtures]
 * @property {[number, number][]} [path] a polyline through cell centres
 * @property {number} [path_len] draw only the first path_len points
 * @property {boolean} [numbers] number the drawn points 1, 2, ...
 * @property {boolean} [closed] a complete path joins its last point to its first
 * @property {{r: number, c: number, text: string}[]} [marks] small texts in cells
 * @property {{r: number, side: string}} [exit] an exit arrow on the right edge
 * @property {{files: string[], ranks: string[]}} [coords] the columns' and rows' names
 * @property {string} [notation] "labels": the move labels are what people write
 */

/**
 * The highlights of a drawing: sets of "r,c" keys. last (the last move's cells), grab
 * (movable pieces), to (targets), selected, hint, cursor (the keyboard's square).
 * @typedef {{[name: string]: Set<string> | undefined}} Marks
 */

/** A cell's top-left corner in a drawing: (r, c) -> [x, y].
 * @typedef {(r: number, c: number) => [number, number]} XY */

/**
 * The click layer of a drawing (an SVG group) and the function its cells' pointer events
 * call: kind is "down" or "up".
 * @typedef {SVGGElement & {onCell?: ((r: number, c: number, kind: string) => void) | null}} CellLayer
 */

/**
 * A legal move of a position (POST /api/{family}/moves): the cells of the piece it takes
 * (`grab`, empty for a move that places), the cell it goes to, the state it leads to.
 * @typedef {object} Move
 * @property {[number, number][]} grab
 * @property {[number, number]} to
 * @property {string} label
 * @property {unknown} state a state token, sent back as is
 * @property {number} [cost] 1 unless moves cost differently
 */

/**
 * A position (POST /api/{family}/moves, or a board's start): its state token, its
 * state view, its legal moves and whether it is a goal.
 * @typedef {object} Position
 * @property {unknown} state
 * @property {Partial<View>} view
 * @property {Move[]} moves
 * @property {boolean} goal
 */

/**
 * A step of the player's game line: the position (or only its picture, for a solution's
 * step until it is fetched), how the move to it is written, and its last move's cells.
 * @typedef {object} Entry
 * @property {string} text
 * @property {string} [label] the move's label (a shared link's line)
 * @property {Position | null} [pos]
 * @property {View} [view]
 * @property {unknown} [token]
 * @property {number} [cost]
 * @property {Set<string>} [last]
 * @property {boolean} [fromSolution]
 * @property {boolean} [fetching]
 */

/**
 * A solve's result (GET /api/jobs/{id} when done: searchlab.search.result as JSON).
 * @typedef {object} SolveResult
 * @property {string} status solved, impossible, no_solution, limit or cancelled
 * @property {number} length
 * @property {number | null} [cost]
 * @property {string} [reason]
 * @property {string} [limit]
 * @property {string} [method]
 * @property {{[name: string]: number | null}} [stats] the search's counts and seconds
 * @property {string[]} [moves]
 * @property {Partial<View>[]} [frames] the positions' state views, the start first
 * @property {Partial<View>} [base]
 * @property {Partial<View>} [shared]
 * @property {unknown[]} [states]
 */

/**
 * A family as GET /api/families lists it.
 * @typedef {object} FamilyInfo
 * @property {string} name
 * @property {string} title
 * @property {string} board_help
 * @property {string} play_help
 * @property {string} [notes]
 * @property {{id: string, title: string, text: string}[]} examples
 * @property {{name: string, label: string, kind: string, default: number | string, min?: number, max?: number}[]} random_params
 * @property {string[]} algorithms
 * @property {string[]} heuristics
 * @property {{[id: string]: string}} [heuristic_labels]
 * @property {boolean} [ranked] cost ranks the solutions
 * @property {boolean} [difficulty] boards are rated
 */

export {};
