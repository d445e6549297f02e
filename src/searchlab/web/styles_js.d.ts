// The type of the page's module searchlab/styles.js, which the server writes from
// searchlab/view/styles.py (searchlab.view.styles_module), for the checker (tsconfig.json).

/** How a kind of piece is drawn: its shape and colours. */
export interface PieceStyle {
  shape: "block" | "disc" | "glyph" | "rod";
  fill: string;
  ink: string;
  glyph: string;
  inset: number;
  round: number;
}

export declare const STYLES: {
  cell: number;
  margin: number;
  cells: { [ch: string]: string };
  palette: { [name: string]: string };
  pieces: { [kind: string]: PieceStyle };
};
