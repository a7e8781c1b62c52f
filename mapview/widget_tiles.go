package mapview

import (
	"context"
	"errors"
	"image"
	"log"
	"runtime"
	"sort"

	"fyne.io/fyne/v2/canvas"
)

// widgetTileBytes bounds the pixels of the tiles the widget keeps (and
// their GPU textures): 96 MB, which is 384 tiles of 256 px or 96 of 512 px,
// several screens' worth. The renderer's own cache keeps tiles longer.
const widgetTileBytes = 96 << 20

// tileEntry is one rendered tile and its canvas object (created on the UI
// goroutine when first shown, so its GPU texture is uploaded once).
type tileEntry struct {
	img  image.Image
	obj  *canvas.Image
	used uint64
}

func (l *tileLoader) setTiler(t Tiler) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.cancel != nil {
		l.cancel()
	}
	l.ctx, l.cancel = context.WithCancel(context.Background())
	l.gen++
	l.tiler = t
	l.done = map[tileKey]*tileEntry{}
	l.failed = map[tileKey]bool{}
	l.busy = map[tileKey]bool{}
	l.want = nil
	l.logged = false
}

// get returns the canvas image of a rendered tile, or nil.
func (l *tileLoader) get(k tileKey) *canvas.Image {
	l.mu.Lock()
	defer l.mu.Unlock()
	e := l.done[k]
	if e == nil {
		return nil
	}
	l.use++
	e.used = l.use
	if e.obj == nil {
		e.obj = canvas.NewImageFromImage(e.img)
		e.obj.FillMode = canvas.ImageFillStretch
		e.obj.ScaleMode = canvas.ImageScaleSmooth
	}
	return e.obj
}

// has reports whether k is rendered, failed or being rendered.
func (l *tileLoader) has(k tileKey) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.done[k] != nil || l.failed[k] || l.busy[k]
}

// request replaces the wanted list with keys (most wanted first) and makes
// sure enough workers run.
func (l *tileLoader) request(keys []tileKey) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.want = l.want[:0]
	for _, k := range keys {
		if l.done[k] == nil && !l.failed[k] && !l.busy[k] {
			l.want = append(l.want, k)
		}
	}
	if l.tiler == nil {
		l.want = l.want[:0]
		return
	}
	workers := max(1, min(runtime.GOMAXPROCS(0), 4))
	for l.running < workers && l.running < len(l.want) {
		l.running++
		go l.work()
	}
}

// work renders wanted tiles until none is left, then exits.
func (l *tileLoader) work() {
	for {
		l.mu.Lock()
		var k tileKey
		found := false
		for len(l.want) > 0 {
			k, l.want = l.want[0], l.want[1:]
			if l.done[k] == nil && !l.busy[k] && !l.failed[k] {
				found = true
				break
			}
		}
		if !found {
			l.running--
			l.mu.Unlock()
			return
		}
		l.busy[k] = true
		t, ctx, gen := l.tiler, l.ctx, l.gen
		l.mu.Unlock()

		img, err := t.Tile(ctx, k.z, k.x, k.y, k.px)

		l.mu.Lock()
		if gen != l.gen {
			l.mu.Unlock()
			continue
		}
		delete(l.busy, k)
		switch {
		case err == nil && img != nil:
			l.use++
			l.done[k] = &tileEntry{img: img, used: l.use}
			l.evict()
		case errors.Is(err, context.Canceled):
		default:
			l.failed[k] = true
			if !l.logged {
				l.logged = true
				log.Printf("mapview: tile %d/%d/%d: %v", k.z, k.x, k.y, err)
			}
		}
		refresh := !l.pending
		l.pending = true
		l.mu.Unlock()
		if refresh {
			l.w.do(func() {
				l.mu.Lock()
				l.pending = false
				stopped := l.tiler == nil
				l.mu.Unlock()
				// A widget whose tiler was taken away (its window shut
				// down) is not touched again: a worker that finished a
				// tile just before must not lay it out (with Fyne's test
				// driver this callback runs on the worker, beside the
				// next window being built).
				if !stopped {
					l.w.Refresh()
				}
			})
		}
	}
}

// evict drops the least recently shown tiles once there are too many.
// Called with l.mu held.
func (l *tileLoader) evict() {
	px := 256
	for k := range l.done {
		px = k.px
		break
	}
	maxTiles := widgetTileBytes / (px * px * 4)
	if len(l.done) <= maxTiles {
		return
	}
	type aged struct {
		k    tileKey
		used uint64
	}
	all := make([]aged, 0, len(l.done))
	for k, e := range l.done {
		all = append(all, aged{k, e.used})
	}
	sort.Slice(all, func(i, j int) bool { return all[i].used < all[j].used })
	for _, a := range all[:len(all)-maxTiles*4/5] {
		delete(l.done, a.k)
	}
}

// pendingCount returns how many tiles of the current view are still wanted
// or rendering (tests and the demo wait for zero).
func (l *tileLoader) pendingCount() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.want) + len(l.busy)
}

// TilesPending returns how many tiles of the current view are still being
// drawn (0 once the view is complete).
func (w *Widget) TilesPending() int { return w.tiles.pendingCount() }
