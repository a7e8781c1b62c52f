package geocode

import "waymark/engine/geocode/addrformat"

// AddressOf returns p's address parts (the non-empty ones, in order) for
// package addrformat.
func AddressOf(p *Place) addrformat.Address {
	a := make(addrformat.Address, 0, len(p.Address))
	for _, part := range p.Address {
		if part.Value != "" {
			a = append(a, addrformat.Part{Key: part.Key, Value: part.Value})
		}
	}
	return a
}
