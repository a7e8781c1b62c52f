#!/usr/bin/python3
"""Cut an extract made by ../shared/tools/tile_extract.py into one extract per copy.

Copy k of the tiling holds the objects whose ids lie in [k * 10^10, (k+1) * 10^10); the "Connector" ways
joining neighbouring copies (ids from 9 * 10^15) go, whole, to both copies they join, with their nodes:
osmium's "complete ways" cut along the copies' boxes, so that the packs of neighbouring copies share the
connectors' OSM node ids, as the packs of neighbouring real extracts share the ways across their border.

usage: /usr/bin/python3 tile_cut.py IN.osm.pbf OUT_PREFIX N   (writes OUT_PREFIX0.osm.pbf ... OUT_PREFIX{N-1}.osm.pbf)
needs Debian's python3-pyosmium.
"""
import sys
import osmium

src, prefix, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
ID_STEP = 10**10
CONNECTORS = 9 * 10**15


class Connectors(osmium.SimpleHandler):
    """First pass: the copies each connector joins, and the nodes each copy needs from another."""
    def __init__(self):
        super().__init__()
        self.ways = {k: [] for k in range(n)}
        self.foreign = {k: set() for k in range(n)}

    def way(self, w):
        if w.id < CONNECTORS:
            return
        refs = [nd.ref for nd in w.nodes]
        copies = {r // ID_STEP for r in refs}
        for k in copies:
            if k < n:
                self.ways[k].append(w.id)
                self.foreign[k].update(r for r in refs if r // ID_STEP != k)


class Cut(osmium.SimpleHandler):
    """Second pass: every object to its copy's writer (connectors and their nodes to both)."""
    def __init__(self, conn):
        super().__init__()
        self.conn = conn
        self.out = [osmium.SimpleWriter(f'{prefix}{k}.osm.pbf') for k in range(n)]
        self.wanted = {}
        for k in range(n):
            for r in conn.foreign[k]:
                self.wanted.setdefault(r, []).append(k)
        self.conn_of = {}
        for k in range(n):
            for w in conn.ways[k]:
                self.conn_of.setdefault(w, []).append(k)

    def node(self, o):
        k = o.id // ID_STEP
        if k < n:
            self.out[k].add_node(o)
        for j in self.wanted.get(o.id, ()):
            self.out[j].add_node(o)

    def way(self, o):
        if o.id >= CONNECTORS:
            for k in self.conn_of.get(o.id, ()):
                self.out[k].add_way(o)
        elif o.id // ID_STEP < n:
            self.out[o.id // ID_STEP].add_way(o)

    def relation(self, o):
        if o.id // ID_STEP < n:
            self.out[o.id // ID_STEP].add_relation(o)

    def close(self):
        for w in self.out:
            w.close()


conn = Connectors()
conn.apply_file(src)
cut = Cut(conn)
cut.apply_file(src)
cut.close()
print(f'{n} copies, {sum(len(v) for v in conn.ways.values()) // 2} connectors', file=sys.stderr)
