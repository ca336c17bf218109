/**
 * The replay viewer (issue 18): a static page and script served as they are
 * (no build step, no CDN, nothing for its user to install). The script reads
 * only the public REST API: the replay, the game's text (docs/notation.md)
 * for each entry's line, the series for the victory-points chart, the board
 * picture of the position shown, and the SSE stream while the game is live.
 */

/** The page; `GAME_ID` is replaced by the (checked) game id. */
export const VIEWER_HTML = String.raw`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Muster replay viewer</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/viewer/viewer.css">
</head>
<body data-game="GAME_ID">
<header>
  <h1 id="title">Muster game</h1>
  <div id="status" aria-live="polite"></div>
</header>
<main>
  <section id="left">
    <nav id="controls" aria-label="Step through the game">
      <button id="first" title="Set-up (Home)">|&lt;</button>
      <button id="prev" title="Previous entry (Left)">&lt;</button>
      <span>entry <output id="seq">0</output> / <output id="last">0</output></span>
      <button id="next" title="Next entry (Right)">&gt;</button>
      <button id="end" title="Last entry (End)">&gt;|</button>
      <input id="scrub" type="range" min="0" max="0" value="0" aria-label="Scrub through the game">
    </nav>
    <div id="entry" class="entry-text"></div>
    <div id="board" role="img" aria-label="The position"></div>
  </section>
  <aside>
    <h2>Victory points</h2>
    <svg id="chart" viewBox="0 0 300 140" width="300" height="140" role="img" aria-label="Victory points over the game"></svg>
    <p class="legend"><span class="union">Union</span> <span class="confederate">Confederate</span></p>
    <h2>Log</h2>
    <ol id="log" start="0"></ol>
  </aside>
</main>
<script src="/viewer/viewer.js"></script>
</body>
</html>
`;

export const VIEWER_CSS = String.raw`
body { font-family: Helvetica, Arial, sans-serif; margin: 0; color: #222; }
header { display: flex; gap: 1em; align-items: baseline; padding: 0.5em 1em; background: #eee; }
header h1 { font-size: 1.2em; margin: 0; }
main { display: flex; gap: 1em; padding: 0.5em 1em; }
#left { flex: 1; min-width: 0; }
#controls { display: flex; gap: 0.4em; align-items: center; flex-wrap: wrap; }
#scrub { flex: 1; min-width: 10em; }
#entry { font-family: monospace; margin: 0.5em 0; min-height: 1.4em; }
#board { overflow: auto; border: 1px solid #ccc; max-height: 80vh; }
#board svg { display: block; }
aside { width: 320px; }
aside h2 { font-size: 1em; margin: 0.6em 0 0.3em; }
#log { font-family: monospace; font-size: 0.8em; max-height: 55vh; overflow: auto; padding-left: 3em; margin: 0; }
#log li { cursor: pointer; white-space: nowrap; }
#log li.current { background: #ffe68a; }
.legend .union { color: #3b5b9d; } .legend .confederate { color: #8f1f1f; }
.error { color: #b00; }
`;

/** The controller: plain browser JavaScript, no framework. */
export const VIEWER_JS = String.raw`'use strict';
(function () {
  var gameId = document.body.getAttribute('data-game');
  var api = '/v1/games/' + encodeURIComponent(gameId);
  var state = { seq: 0, last: 0, lines: [], series: null, status: 'active', boardFor: -1, loading: null };
  var $ = function (id) { return document.getElementById(id); };

  function fail(message) {
    $('status').textContent = message;
    $('status').className = 'error';
  }

  function getJson(url) {
    return fetch(url, { headers: { Accept: 'application/json' } }).then(function (r) {
      if (!r.ok) throw new Error(url + ': ' + r.status);
      return r.json();
    });
  }
  function getText(url) {
    return fetch(url).then(function (r) {
      if (!r.ok) throw new Error(url + ': ' + r.status);
      return r.text();
    });
  }

  /** The game's text: headers, then one line per entry (docs/notation.md). */
  function readText(text) {
    var lines = text.split('\n');
    var entries = [''];
    var headers = {};
    lines.forEach(function (line) {
      var h = /^\[(\w+) "(.*)"\]$/.exec(line);
      if (h) headers[h[1]] = h[2];
      else if (/^\d+\. /.test(line)) entries.push(line);
    });
    return { headers: headers, entries: entries };
  }

  function renderLog() {
    var log = $('log');
    log.textContent = '';
    state.lines.forEach(function (line, seq) {
      var li = document.createElement('li');
      li.setAttribute('data-seq', String(seq));
      li.textContent = seq === 0 ? 'set-up' : line.replace(/^\d+\. /, '');
      li.addEventListener('click', function () { show(seq); });
      log.appendChild(li);
    });
  }

  function renderChart() {
    var svg = $('chart');
    var s = state.series;
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    if (!s || s.entries.length === 0) return;
    var ns = 'http://www.w3.org/2000/svg';
    var max = 1;
    s.entries.forEach(function (e) { max = Math.max(max, e.points.union, e.points.confederate); });
    var n = Math.max(1, s.entries.length - 1);
    var x = function (i) { return 10 + (280 * i) / n; };
    var y = function (v) { return 130 - (120 * v) / max; };
    ['union', 'confederate'].forEach(function (side) {
      var line = document.createElementNS(ns, 'polyline');
      line.setAttribute('class', 'vp-' + side);
      line.setAttribute('fill', 'none');
      line.setAttribute('stroke', side === 'union' ? '#3b5b9d' : '#8f1f1f');
      line.setAttribute('stroke-width', '2');
      line.setAttribute('points', s.entries.map(function (e, i) { return x(i) + ',' + y(e.points[side]); }).join(' '));
      svg.appendChild(line);
    });
    var cursor = document.createElementNS(ns, 'line');
    cursor.setAttribute('id', 'chart-cursor');
    cursor.setAttribute('stroke', '#999');
    cursor.setAttribute('y1', '5');
    cursor.setAttribute('y2', '135');
    svg.appendChild(cursor);
    var top = document.createElementNS(ns, 'text');
    top.setAttribute('x', '12');
    top.setAttribute('y', '12');
    top.setAttribute('font-size', '10');
    top.textContent = max + ' VP';
    svg.appendChild(top);
    placeCursor();
  }

  function placeCursor() {
    var c = $('chart-cursor');
    if (!c || !state.series) return;
    var n = Math.max(1, state.series.entries.length - 1);
    var cx = String(10 + (280 * Math.min(state.seq, n)) / n);
    c.setAttribute('x1', cx);
    c.setAttribute('x2', cx);
  }

  function show(seq) {
    seq = Math.max(0, Math.min(state.last, seq));
    state.seq = seq;
    $('seq').textContent = String(seq);
    $('scrub').value = String(seq);
    $('entry').textContent = seq === 0 ? 'set-up' : state.lines[seq] || '';
    Array.prototype.forEach.call($('log').children, function (li) {
      var current = li.getAttribute('data-seq') === String(seq);
      li.className = current ? 'current' : '';
      if (current && li.scrollIntoView) li.scrollIntoView({ block: 'nearest' });
    });
    placeCursor();
    var wanted = seq;
    $('board').setAttribute('aria-busy', 'true');
    state.loading = getText(api + '/states/' + seq + '/board.svg').then(function (svg) {
      if (state.seq !== wanted) return; // a later step is on its way
      $('board').innerHTML = svg;
      state.boardFor = wanted;
      $('board').setAttribute('data-seq', String(wanted));
      $('board').removeAttribute('aria-busy');
    }).catch(function (e) { fail(e.message); });
  }

  function load() {
    return Promise.all([getJson(api + '/replay'), getText(api + '/export.txt'), getJson(api + '/series')]).then(function (got) {
      var replay = got[0];
      var text = readText(got[1]);
      state.series = got[2];
      state.lines = text.entries;
      state.last = replay.entries.length;
      state.status = replay.status;
      $('title').textContent = replay.scenario + ' — ' + replay.rulesSystem + ' ' + replay.rulesVersion;
      $('status').textContent = replay.status === 'finished'
        ? 'finished: ' + (text.headers.Result || '')
        : 'live';
      $('last').textContent = String(state.last);
      $('scrub').max = String(state.last);
      renderLog();
      renderChart();
    });
  }

  function listen() {
    if (state.status === 'finished' || !window.EventSource) return;
    var source = new EventSource(api + '/events?after=' + state.last);
    source.addEventListener('entry', function () {
      var following = state.seq === state.last;
      load().then(function () {
        if (following) show(state.last);
        if (state.status === 'finished') source.close();
      });
    });
  }

  $('first').addEventListener('click', function () { show(0); });
  $('prev').addEventListener('click', function () { show(state.seq - 1); });
  $('next').addEventListener('click', function () { show(state.seq + 1); });
  $('end').addEventListener('click', function () { show(state.last); });
  $('scrub').addEventListener('input', function () { show(Number($('scrub').value)); });
  document.addEventListener('keydown', function (e) {
    if (e.target && e.target.tagName === 'INPUT') return;
    if (e.key === 'ArrowLeft') show(state.seq - 1);
    else if (e.key === 'ArrowRight') show(state.seq + 1);
    else if (e.key === 'Home') show(0);
    else if (e.key === 'End') show(state.last);
  });

  load().then(function () {
    var m = /[#&]seq=(\d+)/.exec(location.hash);
    show(m ? Number(m[1]) : 0);
    listen();
  }).catch(function (e) { fail(e.message); });
})();
`;
