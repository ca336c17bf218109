/** Types for the glicko2 package (mmai/glicko2js), which ships none: the part Muster uses. */
declare module 'glicko2' {
  export interface Glicko2Settings {
    tau: number;
    rating: number;
    rd: number;
    vol: number;
  }
  export interface Glicko2Player {
    getRating(): number;
    getRd(): number;
    getVol(): number;
  }
  /** [first, second, score of the first: 1 win, 0.5 draw, 0 loss] */
  export type Glicko2Match = [Glicko2Player, Glicko2Player, number];
  export class Glicko2 {
    constructor(settings: Glicko2Settings);
    makePlayer(rating?: number, rd?: number, vol?: number): Glicko2Player;
    updateRatings(matches: Glicko2Match[]): void;
  }
}
