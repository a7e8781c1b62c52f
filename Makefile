# Waymark — build, run, test and benchmark.
#
#   make run     install what is missing, build, build the default region pack, open the window
#   make test    install what is missing, vet, unit + integration tests (stock geopy and Leaflet
#                clients against serve -open among them), -race on engine and the GL-free window
#                packages (ui, mapview: Fyne's test driver, no OpenGL), window e2e under Xvfb
#   make bench   print one table: operation, p50, p99, allocations, memory
#
# Build tags: go-sqlite3 needs `sqlite_fts5` for the FTS5 full-text index
# (R*Tree is always on). GO_TAGS below is the one place they are set for make;
# `make deps` also appends them to the user's Go env (go env -w GOFLAGS) so a
# plain `go test ./...` by hand works too.

GO       ?= go
GO_TAGS  := sqlite_fts5
GOBUILD  := $(GO) build -tags $(GO_TAGS)
GOTEST   := $(GO) test -tags $(GO_TAGS)
REGIONS  ?= $(abspath ../shared/regions)
REGION   ?= liechtenstein
VAR      := var
PACK     := $(VAR)/$(REGION).waymark
TESTPACKS := $(abspath $(VAR)/testpacks)
BIN      := bin/waymark
GUI_BIN  := bin/waymark-gui
SERVER_BIN := bin/waymark-server
SUDO     := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Debian packages: C headers for Fyne/GLFW and GTK3 (native dialogs), Xvfb and
# tools for the window test and screenshots.
APT_PKGS := gcc pkg-config libgl1-mesa-dev libx11-dev libxcursor-dev libxrandr-dev \
	libxinerama-dev libxi-dev libxxf86vm-dev libgtk-3-dev zlib1g-dev xvfb xauth \
	libgl1-mesa-dri x11-apps xdotool imagemagick

# Packages tested under -race: the server and engine, and the window packages,
# whose tests use Fyne's test driver and so link no OpenGL (only app/ does).
RACE_PKGS := ./engine/... ./mapview/... ./ui/...

export WAYMARK_REGIONS := $(REGIONS)

# OSRM's osrm-text-instructions (npm), which a test has word our route steps;
# Node.js from Debian when the machine has none.
NPM_DIR  := $(abspath $(VAR)/npm)
OTI      := osrm-text-instructions@0.15.0
export WAYMARK_NODE_MODULES := $(NPM_DIR)/node_modules
GUI_ENV := LANG=C.UTF-8 LANGUAGE=en_US GSETTINGS_BACKEND=memory

# Stock clients that make test runs against `serve -open` with no key anywhere
# (app's TestStockClientsE2E): Debian's python3-geopy, run by /usr/bin/python3,
# and in their own npm prefix Leaflet, leaflet-routing-machine, leaflet-control-geocoder
# (2.x: XMLHttpRequest, whose CORS checks jsdom enforces) and jsdom.
CLIENTS_DIR := $(abspath $(VAR)/npm-clients)
CLIENTS_NPM := leaflet@1.9.4 leaflet-routing-machine@3.2.12 leaflet-control-geocoder@2.4.0 jsdom@26.1.0
export WAYMARK_CLIENTS := $(CLIENTS_DIR)/node_modules

.PHONY: all deps build server run bench-load test-cluster bench-scale bench-scale-go region test vet test-unit test-race test-e2e testpacks textinstructions clients test-clients pyosmium bench clean

all: build

deps:
	@missing=$$(for p in $(APT_PKGS); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing: $$missing"; \
		$(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi
	@$(GO) env GOFLAGS | grep -q 'sqlite_fts5' || $(GO) env -w GOFLAGS="$$($(GO) env GOFLAGS) -tags=$(GO_TAGS)"
	@$(GO) mod download

# One main package, two builds: bin/waymark is the command line without the
# GUI toolkit (serve, import, search, route neither load nor log it) and
# starts bin/waymark-gui, the same program built with the window (-tags gui),
# when asked for the window. bin/waymark-server is the command line alone,
# for servers and containers (no OpenGL, X11 or GTK linked).
build: deps
	$(GOBUILD) -o $(BIN) ./app
	$(GO) build -tags $(GO_TAGS),gui -o $(GUI_BIN) ./app

server: deps
	$(GOBUILD) -o $(SERVER_BIN) ./app
	@if ldd $(SERVER_BIN) | grep -Eqi 'libGL|libX11|libgtk'; then echo "$(SERVER_BIN) links GUI libraries"; exit 1; fi

# The default region pack, built only when absent.
region: $(PACK)
$(PACK):
	@$(MAKE) --no-print-directory build
	@mkdir -p $(VAR)
	$(BIN) import -o $@ $(REGIONS)/$(REGION).osm.pbf

run: build region
	$(GUI_ENV) $(BIN) $(PACK)

# Packs for integration tests and benchmarks, always rebuilt with the current code.
testpacks: build
	@mkdir -p $(TESTPACKS)
	@for r in liechtenstein monaco andorra; do \
		$(BIN) import -q -o $(TESTPACKS)/$$r.waymark $(REGIONS)/$$r.osm.pbf > $(TESTPACKS)/$$r.log 2>&1 \
			|| { cat $(TESTPACKS)/$$r.log; exit 1; }; \
	done

vet: deps
	$(GO) vet -tags $(GO_TAGS) ./...
	$(GO) vet -tags $(GO_TAGS),gui ./app

# The npm package of OSRM's text instructions (make test's TestTextInstructions).
textinstructions:
	@command -v node >/dev/null && command -v npm >/dev/null || { $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nodejs npm; }
	@[ -f $(NPM_DIR)/node_modules/osrm-text-instructions/package.json ] || { mkdir -p $(NPM_DIR) && npm install --prefix $(NPM_DIR) --no-save --no-audit --no-fund --loglevel=error $(OTI); }

# The ten packs of a tiling of LI (TestRoutesAcrossTiles, BenchmarkTilePacks)
# are cut with pyosmium.
pyosmium:
	@/usr/bin/python3 -c 'import osmium' 2>/dev/null || { $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-pyosmium; }

# The stock clients of TestStockClientsE2E (see CLIENTS_NPM).
clients:
	@/usr/bin/python3 -c 'import geopy' 2>/dev/null || { $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-geopy; }
	@command -v node >/dev/null && command -v npm >/dev/null || { $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nodejs npm; }
	@(for p in $(CLIENTS_NPM); do n=$${p%@*}; v=$${p##*@}; grep -q "\"version\": \"$$v\"" $(CLIENTS_DIR)/node_modules/$$n/package.json 2>/dev/null || exit 1; done) \
		|| { mkdir -p $(CLIENTS_DIR) && npm install --prefix $(CLIENTS_DIR) --no-save --no-audit --no-fund --loglevel=error $(CLIENTS_NPM); }

# geopy's Nominatim and a Leaflet page (OSRM v1 router, Nominatim geocoder) against serve -open.
test-clients: build testpacks clients
	WAYMARK_BIN=$(abspath $(BIN)) WAYMARK_TEST_PACKS=$(TESTPACKS) $(GOTEST) -count=1 -run 'TestStockClientsE2E' -v ./app/

test: vet testpacks textinstructions clients pyosmium
	WAYMARK_TEST_PACKS=$(TESTPACKS) $(GOTEST) -count=1 -timeout 45m ./...
	WAYMARK_TEST_PACKS=$(TESTPACKS) $(GOTEST) -count=1 -timeout 45m -race $(RACE_PKGS)
	$(MAKE) --no-print-directory test-e2e

test-e2e: build testpacks clients
	WAYMARK_E2E=1 WAYMARK_BIN=$(abspath $(BIN)) WAYMARK_TEST_PACKS=$(TESTPACKS) $(GUI_ENV) \
		$(GOTEST) -count=1 -run 'E2E' ./ui/...
	WAYMARK_E2E=1 WAYMARK_BIN=$(abspath $(BIN)) WAYMARK_TEST_PACKS=$(TESTPACKS) $(GUI_ENV) \
		$(GO) test -tags $(GO_TAGS),gui -count=1 -skip 'TestStockClientsE2E' ./app/...

bench: testpacks pyosmium
	WAYMARK_TEST_PACKS=$(TESTPACKS) $(GOTEST) -run '^$$' -bench . -benchmem -benchtime=1s -timeout 30m \
		./... > $(VAR)/bench.out 2>&1 || (cat $(VAR)/bench.out; exit 1)
	@$(GO) run ./internal/benchtable < $(VAR)/bench.out

clean:
	rm -rf bin $(VAR)

# Load on a server over the LI pack (internal/loadbench): light requests
# (search, reverse, autocomplete, directions) at 1, 8 and 64 concurrent
# clients alone and beside 4 clients of 25x25 matrices and 25-stop
# optimizations (LOAD_ROUNDS interleaved rounds of LOAD_SECONDS runs: p50,
# p99 and their ratio); 16 concurrent 500-waypoint directions with steps,
# alternatives and the full overview (peak RSS, RSS 20 s later, a light
# client's p99 meanwhile); 600 slow-header connections beside a keep-alive
# client (share answered within 100 ms).
LOAD_SECONDS ?= 10
LOAD_ROUNDS ?= 3
bench-load: build testpacks
	@port=$$(( 20000 + $$$$ % 10000 )); \
	$(BIN) serve -addr 127.0.0.1:$$port -token bench $(TESTPACKS)/liechtenstein.waymark > $(VAR)/bench-load-server.log 2>&1 & pid=$$!; \
	trap "kill $$pid 2>/dev/null" EXIT; \
	for i in $$(seq 100); do curl -sf "http://127.0.0.1:$$port/v1/autocomplete?key=bench&q=Vad" >/dev/null && break; sleep 0.1; done; \
	$(GO) build -o $(VAR)/loadbench ./internal/loadbench && \
	$(VAR)/loadbench -addr 127.0.0.1:$$port -token bench -duration $(LOAD_SECONDS)s -clients 1,8,64 -heavy-clients 4 -rounds $(LOAD_ROUNDS) && \
	$(VAR)/loadbench -addr 127.0.0.1:$$port -token bench -big 16 -pid $$pid -settle 20s && \
	$(VAR)/loadbench -addr 127.0.0.1:$$port -token bench -slow 600 -duration $(LOAD_SECONDS)s

# Three replicas of bin/waymark-server behind HAProxy on loopback, a 60 s
# mixed load, a replica stopped and restarted, a pack swapped under another
# (not part of make test: it takes over a minute and needs haproxy).
test-cluster: server testpacks
	@command -v haproxy >/dev/null || { $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends haproxy; }
	bash packaging/server/test-cluster.sh

# Country-scale figures (not part of make test; ×64 takes ~7 min and ~5 GB):
# LI and LI tiled SCALE_N times by
# ../shared/tools/tile_extract.py into var/scale, each imported (time, peak
# RSS, pack size) and served (first answer, ready, RSS, latencies), with
# each import stage's time, CPU, peak RSS and live heap per million nodes
# (the importer's cost model, regions/doc.go). SCALE_ARGS go to
# tile_extract.py, e.g. SCALE_N=64,400 SCALE_ARGS=--distinct-places.
# It builds bin/waymark only (not the GUI).
SCALE_N ?= 1,16,64
SCALE_ARGS ?=
bench-scale: deps
	$(GOBUILD) -o $(BIN) ./app
	@{ [ -x /usr/bin/time ] && /usr/bin/python3 -c 'import osmium' 2>/dev/null; } || { $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends time python3-pyosmium; }
	@mkdir -p $(VAR)/scale
	$(GO) run ./internal/scalebench -bin $(BIN) -regions $(REGIONS) -dir $(VAR)/scale -n $(SCALE_N) -tile-args '$(SCALE_ARGS)'

# The Go benchmarks of opening a pack, search, reverse and isochrones on LI
# and on LI tiled SCALE_GO_N times (internal/testpacks.Scaled; reuses
# var/scale).
SCALE_GO_N ?= 16
bench-scale-go:
	@/usr/bin/python3 -c 'import osmium' 2>/dev/null || { $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-pyosmium; }
	@mkdir -p $(VAR)/scale
	WAYMARK_SCALE=1 WAYMARK_SCALE_N=$(SCALE_GO_N) WAYMARK_SCALE_DIR=$(abspath $(VAR))/scale WAYMARK_SCALE_REUSE=1 \
		$(GOTEST) -run '^$$' -bench 'OpenPack|Search$$|Reverse$$|IsochroneScaled' -benchmem -timeout 60m ./engine ./engine/pack ./engine/geocode ./engine/route > $(VAR)/bench-scale-go.out 2>&1 || (cat $(VAR)/bench-scale-go.out; exit 1)
	@$(GO) run ./internal/benchtable < $(VAR)/bench-scale-go.out
