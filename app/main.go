// Command waymark is the offline maps application: with no subcommand it
// opens the window (on the packs given as arguments, or the installed ones);
// `waymark import` builds a region pack from an .osm.pbf extract and
// `waymark serve` runs the loopback API headless.
package main

import (
	"fmt"
	"os"
)

const usage = `Waymark — offline maps: geocoding, search and routing on OpenStreetMap data.

Usage:
  waymark [PACK.waymark...]                 open the window
  waymark import -o OUT.waymark IN.osm.pbf [MORE.osm.pbf...]
                                            build a region pack (several extracts: one pack)
  waymark serve [-addr 127.0.0.1:8088] [-token T]... [-config F] PACK.waymark...
                                            serve the API on loopback
  waymark search -pack PACK.waymark QUERY...  print matching places
  waymark route -pack PACK.waymark [-profile walking] LON,LAT LON,LAT...
                                            print a route with turn-by-turn steps
  waymark check PACK.waymark...             verify packs (integrity, checksums)
  waymark help                              this text

Run "waymark COMMAND -h" for the flags of a command.
Map data © OpenStreetMap contributors, ODbL 1.0 (https://osm.org/copyright).
`

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	if len(args) > 0 {
		switch args[0] {
		case "import":
			return runImport(args[1:])
		case "serve":
			return runServe(args[1:])
		case "search":
			return runSearch(args[1:])
		case "route":
			return runRoute(args[1:])
		case "check":
			return runCheck(args[1:])
		case "help", "-h", "-help", "--help":
			fmt.Print(usage)
			return 0
		}
	}
	return runWindow(args)
}
