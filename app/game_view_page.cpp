#include <cstdlib>
#include <sstream>
#include <string_view>

#include "app/game_view.h"
#include "util/html_escape.h"
#include "util/json.h"

namespace pantheon::app {

namespace {

// A FEN's move number beyond this is taken as damaged (the list counts from 1).
constexpr long MAX_MOVE_NUMBER = 1'000'000;

// The page's look: a board of squares (a CSS grid), the promotion zones
// tinted, pieces as discs with their FEN letter (promoted ones ringed and
// marked "+"), the hands above and below the board, the move list beside it.
constexpr std::string_view STYLE = R"css(
body{font-family:sans-serif;margin:1.5em;color:#222}
h1{font-size:1.3em;margin:0 0 .5em}
#game-list{max-height:12.5em;overflow-y:auto;margin-bottom:1em;width:max-content;max-width:100%}
#games{border-collapse:collapse;font-size:.9em}
#games th{position:sticky;top:0;background:#fff}
#games td,#games th{border:1px solid #ccc;padding:2px 8px;text-align:left}
#games tr.game{cursor:pointer}#games tr.game:hover{background:#f0f4ff}
#games tr.current{background:#dde6ff}
#main{display:flex;gap:2em;align-items:flex-start}
#board{display:grid;border:2px solid #555;width:max-content}
.sq{width:48px;height:48px;display:flex;align-items:center;justify-content:center;position:relative}
.light{background:#eeeed2}.dark{background:#b7c0a0}
.zone-w.light{background:#f3e2d6}.zone-w.dark{background:#d2b49c}
.zone-b.light{background:#dbe4f3}.zone-b.dark{background:#a9b9d4}
.last{box-shadow:inset 0 0 0 3px #e8b100}
.coord{font-size:11px;color:#555;display:flex;align-items:center;justify-content:center}
.pc{width:38px;height:38px;border-radius:50%;display:flex;align-items:center;justify-content:center;
font-weight:bold;font-size:17px;border:2px solid #222;box-sizing:border-box;user-select:none}
.pc.w{background:#fff;color:#111}.pc.b{background:#2a2a2a;color:#fff}
.pc.promoted{border:3px solid #c0392b;font-size:14px}
.hand{display:flex;gap:4px;min-height:44px;align-items:center;margin:4px 0}
.hand .label{width:60px;font-size:.85em;color:#555}
.hand .pc{width:32px;height:32px;font-size:14px}
.count{font-size:.8em;margin-right:6px}
#controls{margin:8px 0}#controls button{font-size:1em;min-width:3em;margin-right:4px}
#info{font-size:.9em;min-height:2.6em;max-width:520px}
#moves{max-height:560px;overflow-y:auto;font-family:monospace;font-size:.95em;min-width:260px}
#moves table{border-collapse:collapse}#moves td{padding:1px 6px}
#moves .mv{cursor:pointer}#moves .mv:hover{background:#eef}
#moves .now{background:#ffe066}
#legend{font-size:.8em;color:#555;margin-top:6px;max-width:520px}
)css";

// The page's script: reads the embedded data, draws the list of games and
// the board of the chosen game at the chosen ply from its FEN, and steps
// with the buttons and the arrow keys. It computes no move: the positions
// are the ones the rules gave when the games were replayed.
constexpr std::string_view SCRIPT = R"js(
const data = JSON.parse(document.getElementById('data').textContent);
const files = 'abcdefghijklmnopqrstuvwxyz'.slice(0, data.files);
const names = Object.fromEntries(data.pieces);
let game = 0, ply = 0, flipped = false;

// A FEN's board (rows from the top), hands and side to move.
function parseFen(fen) {
  const [placement, side] = fen.split(' ');
  const open = placement.indexOf('[');
  const boardText = open < 0 ? placement : placement.slice(0, open);
  const handText = open < 0 ? '' : placement.slice(open + 1, placement.indexOf(']'));
  const rows = boardText.split('/').map(row => {
    const cells = [];
    for (let i = 0; i < row.length;) {
      if (/\d/.test(row[i])) {
        let n = '';
        while (i < row.length && /\d/.test(row[i])) n += row[i++];
        for (let k = 0; k < Number(n); ++k) cells.push(null);
      } else if (row[i] === '+') {
        cells.push('+' + row[i + 1]); i += 2;
      } else {
        cells.push(row[i]); i += 1;
      }
    }
    return cells;
  });
  const hands = {w: {}, b: {}};
  for (const c of handText) {
    const side = c === c.toUpperCase() ? 'w' : 'b';
    const letter = c.toUpperCase();
    hands[side][letter] = (hands[side][letter] || 0) + 1;
  }
  return {rows, hands, side};
}

// The squares a move touches: [from, to] or [to] for a drop ("P@e5").
function moveSquares(move) {
  const m = /^(?:([a-z])(\d+))?(?:[A-Z]@)?([a-z])(\d+)/.exec(move);
  if (!m) return [];
  const to = m[3] + m[4];
  return m[1] ? [m[1] + m[2], to] : [to];
}

function pieceElement(piece, small) {
  const base = piece.replace('+', '');
  const white = base === base.toUpperCase();
  const promoted = piece.startsWith('+');
  const el = document.createElement('div');
  el.className = 'pc ' + (white ? 'w' : 'b') + (promoted ? ' promoted' : '');
  el.textContent = (promoted ? '+' : '') + base.toUpperCase();
  const key = (promoted ? '+' : '') + base.toUpperCase();
  el.title = (white ? 'White ' : 'Black ') + (names[key] || key);
  return el;
}

function drawHand(id, hand, label) {
  const el = document.getElementById(id);
  el.replaceChildren();
  const l = document.createElement('span');
  l.className = 'label'; l.textContent = label;
  el.appendChild(l);
  for (const [letter, count] of Object.entries(hand)) {
    el.appendChild(pieceElement(label === 'White' ? letter : letter.toLowerCase(), true));
    const c = document.createElement('span');
    c.className = 'count'; c.textContent = '\u00d7' + count;
    el.appendChild(c);
  }
  if (!Object.keys(hand).length) {
    const e = document.createElement('span');
    e.className = 'count'; e.textContent = '(empty)';
    el.appendChild(e);
  }
}

function drawBoard() {
  const g = data.games[game];
  const pos = parseFen(g.fens[ply]);
  const last = ply > 0 ? moveSquares(g.moves[ply - 1]) : [];
  const board = document.getElementById('board');
  board.replaceChildren();
  board.style.gridTemplateColumns = '18px repeat(' + data.files + ', 48px)';
  for (let r = 0; r < data.ranks; ++r) {
    const row = flipped ? data.ranks - 1 - r : r;
    const rank = data.ranks - row;
    const label = document.createElement('div');
    label.className = 'coord'; label.textContent = rank;
    board.appendChild(label);
    for (let c = 0; c < data.files; ++c) {
      const file = flipped ? data.files - 1 - c : c;
      const sq = document.createElement('div');
      const name = files[file] + rank;
      sq.className = 'sq ' + ((file + rank) % 2 === 0 ? 'light' : 'dark');
      if (rank > data.ranks - data.zone) sq.className += ' zone-w';
      if (rank <= data.zone) sq.className += ' zone-b';
      if (last.includes(name)) sq.className += ' last';
      sq.title = name;
      const piece = pos.rows[row][file];
      if (piece) sq.appendChild(pieceElement(piece, false));
      board.appendChild(sq);
    }
  }
  board.appendChild(document.createElement('div'));
  for (let c = 0; c < data.files; ++c) {
    const label = document.createElement('div');
    label.className = 'coord'; label.textContent = files[flipped ? data.files - 1 - c : c];
    board.appendChild(label);
  }
  drawHand(flipped ? 'hand-bottom' : 'hand-top', pos.hands.b, 'Black');
  drawHand(flipped ? 'hand-top' : 'hand-bottom', pos.hands.w, 'White');
  return pos;
}

// What the mover's engine said of its move: "+1.15/6 0.123s" or "0.123s".
function describeComment(comment, mover) {
  const scored = /^(\S+)\/(\d+) (\S+)s$/.exec(comment);
  if (scored) return mover + "'s search: score " + scored[1] + ' (its own view), depth ' +
                     scored[2] + ', ' + scored[3] + ' s';
  const timed = /^(\S+)s$/.exec(comment);
  if (timed) return mover + ': ' + timed[1] + ' s, no score';
  return comment ? mover + ': ' + comment : '';
}

function drawInfo(pos) {
  const g = data.games[game];
  const info = document.getElementById('info');
  const lines = [];
  if (ply === 0) {
    lines.push('Start: ' + (g.start || 'the start position') + '. ' +
               (pos.side === 'w' ? 'White' : 'Black') + ' to move.');
  } else {
    const mover = ply % 2 === 1 ? g.first_mover : (g.first_mover === 'White' ? 'Black' : 'White');
    lines.push('Ply ' + ply + ' of ' + g.moves.length + ': ' + mover + ' played ' + g.moves[ply - 1]);
    const said = describeComment(g.comments[ply - 1], mover);
    if (said) lines.push(said);
  }
  if (ply === g.moves.length)
    lines.push('Result ' + g.result + (g.termination ? ' (' + g.termination + ')' : ''));
  info.replaceChildren(...lines.map(t => { const d = document.createElement('div'); d.textContent = t; return d; }));
}

function drawMoves() {
  const g = data.games[game];
  const el = document.getElementById('moves');
  el.replaceChildren();
  const table = document.createElement('table');
  const blackFirst = g.first_mover === 'Black';
  let row = null;
  for (let i = 0; i < g.moves.length; ++i) {
    const white = (i % 2 === 0) !== blackFirst;
    if (!row || white) {
      row = document.createElement('tr');
      const n = document.createElement('td');
      n.textContent = (g.first_move_number + Math.floor((i + (blackFirst ? 1 : 0)) / 2)) + '.';
      row.appendChild(n);
      if (!white) row.appendChild(document.createElement('td'));
      table.appendChild(row);
    }
    const td = document.createElement('td');
    td.className = 'mv' + (i + 1 === ply ? ' now' : '');
    td.textContent = g.moves[i];
    td.title = g.comments[i];
    td.onclick = () => { ply = i + 1; draw(); };
    row.appendChild(td);
  }
  el.appendChild(table);
  const now = el.querySelector('.now');
  if (now) now.scrollIntoView({block: 'nearest'});
}

function drawGames() {
  for (const [i, tr] of document.querySelectorAll('#games tr.game').entries()) {
    tr.className = 'game' + (i === game ? ' current' : '');
    // a long list scrolls in its own box, so the board stays in view
    if (i === game) {
      const box = document.getElementById('game-list');
      if (tr.offsetTop < box.scrollTop + tr.offsetHeight ||
          tr.offsetTop + tr.offsetHeight > box.scrollTop + box.clientHeight)
        box.scrollTop = tr.offsetTop - tr.offsetHeight;
    }
  }
}

function draw() {
  const pos = drawBoard();
  drawInfo(pos);
  drawMoves();
  drawGames();
  const g = data.games[game];
  document.getElementById('title').textContent =
      'Game ' + (game + 1) + ' of ' + data.games.length + ': ' + g.white + ' (White) vs ' +
      g.black + ' (Black), round ' + g.round;
}

function go(to) { ply = Math.max(0, Math.min(data.games[game].moves.length, to)); draw(); }
function pick(i) { game = Math.max(0, Math.min(data.games.length - 1, i)); ply = 0; draw(); }

function setup() {
  const table = document.getElementById('games');
  const head = document.createElement('tr');
  for (const h of ['#', 'round', 'White', 'Black', 'result', 'termination', 'plies', 'start'])
    head.appendChild(Object.assign(document.createElement('th'), {textContent: h}));
  table.appendChild(head);
  data.games.forEach((g, i) => {
    const tr = document.createElement('tr');
    tr.className = 'game';
    for (const v of [i + 1, g.round, g.white, g.black, g.result, g.termination, g.moves.length,
                     g.start || 'start position'])
      tr.appendChild(Object.assign(document.createElement('td'), {textContent: v}));
    tr.onclick = () => pick(i);
    table.appendChild(tr);
  });
  document.getElementById('first').onclick = () => go(0);
  document.getElementById('prev').onclick = () => go(ply - 1);
  document.getElementById('next').onclick = () => go(ply + 1);
  document.getElementById('last').onclick = () => go(1e9);
  document.getElementById('flip').onclick = () => { flipped = !flipped; draw(); };
  document.addEventListener('keydown', e => {
    const keys = {ArrowLeft: () => go(ply - 1), ArrowRight: () => go(ply + 1),
                  Home: () => go(0), End: () => go(1e9),
                  ArrowUp: () => pick(game - 1), ArrowDown: () => pick(game + 1)};
    if (keys[e.key]) { keys[e.key](); e.preventDefault(); }
  });
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.has('game')) game = Math.max(0, Math.min(data.games.length - 1, Number(params.get('game')) - 1));
  if (params.has('ply')) ply = Math.max(0, Math.min(data.games[game].moves.length, Number(params.get('ply'))));
  document.getElementById('legend').textContent =
      'Pieces: ' + data.pieces.map(([l, n]) => l + ' ' + n).join(', ') + '. Shaded: the ' +
      'promotion zones (' + data.zone + ' ranks at each end). Keys: \u2190 \u2192 step, ' +
      'Home/End, \u2191 \u2193 game.';
  draw();
}

if (data.games.length) setup();
)js";

// Who moves first from a FEN ("PLACEMENT[HANDS] w ..." or "... b ...") and
// the full-move number the move list starts at (the FEN's last field).
struct FirstMove {
    std::string side = "White";
    int number = 1;
};
FirstMove first_move(const std::string& fen) {
    std::istringstream in(fen);
    std::vector<std::string> fields;
    for (std::string f; in >> f;) fields.push_back(f);
    FirstMove m;
    if (fields.size() >= 2 && fields[1] == "b") m.side = "Black";
    if (fields.size() >= 3) {
        char* end = nullptr;
        const long n = std::strtol(fields.back().c_str(), &end, 10);
        if (*end == '\0' && n >= 1 && n <= MAX_MOVE_NUMBER) m.number = int(n);
    }
    return m;
}

}  // namespace

std::string game_views_json(const BoardShape& board, const std::vector<GameView>& games,
                            const std::string& source, int unfinished_games) {
    util::Json doc = util::Json::object();
    doc["variant"] = board.variant;
    doc["files"] = board.files;
    doc["ranks"] = board.ranks;
    doc["zone"] = board.promotion_zone_depth;
    doc["pieces"] = util::Json::array();
    for (const auto& [letter, name] : board.piece_names)
        doc["pieces"].push_back(util::Json::array({letter, name}));
    doc["source"] = source;
    doc["unfinished_games"] = unfinished_games;
    doc["games"] = util::Json::array();
    for (const GameView& g : games) {
        const FirstMove first = first_move(g.fens.empty() ? "" : g.fens.front());
        util::Json j = {{"round", g.round},
                        {"white", g.white},
                        {"black", g.black},
                        {"result", g.result},
                        {"termination", g.termination},
                        {"date", g.date},
                        {"start", g.start_fen},
                        {"first_mover", first.side},
                        {"first_move_number", first.number},
                        {"moves", g.moves},
                        {"comments", g.comments},
                        {"fens", g.fens}};
        doc["games"].push_back(std::move(j));
    }
    const std::string text = util::json_text(doc);
    std::string safe;
    safe.reserve(text.size());
    for (char c : text) {
        if (c == '<')
            safe += "\\u003c";
        else
            safe += c;
    }
    return safe;
}

std::string game_views_html(const BoardShape& board, const std::vector<GameView>& games,
                            const std::string& source, int unfinished_games) {
    const std::string title = "Games of " + source;
    std::string h = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" +
                    util::html_escape(title) + "</title>\n<style>" + std::string(STYLE) +
                    "</style></head><body>\n<h1>" + util::html_escape(title) + " (" +
                    util::html_escape(board.variant) + ", " + std::to_string(games.size()) +
                    " games";
    if (unfinished_games > 0)
        h += "; " + std::to_string(unfinished_games) + " unfinished, not shown";
    h += ")</h1>\n<div id=\"game-list\"><table id=\"games\"></table></div>\n<h2 id=\"title\"></h2>\n"
         "<div id=\"main\"><div>\n<div class=\"hand\" id=\"hand-top\"></div>\n"
         "<div id=\"board\"></div>\n<div class=\"hand\" id=\"hand-bottom\"></div>\n"
         "<div id=\"controls\"><button id=\"first\" title=\"Home\">|&#x25C0;</button>"
         "<button id=\"prev\" title=\"left arrow\">&#x25C0;</button>"
         "<button id=\"next\" title=\"right arrow\">&#x25B6;</button>"
         "<button id=\"last\" title=\"End\">&#x25B6;|</button>"
         "<button id=\"flip\">flip</button></div>\n<div id=\"info\"></div>\n"
         "<div id=\"legend\"></div>\n</div>\n<div id=\"moves\"></div></div>\n";
    if (games.empty()) h += "<p>No finished game to show.</p>\n";
    h += "<script type=\"application/json\" id=\"data\">" +
         game_views_json(board, games, source, unfinished_games) + "</script>\n<script>" +
         std::string(SCRIPT) + "</script>\n</body></html>\n";
    return h;
}

}  // namespace pantheon::app
