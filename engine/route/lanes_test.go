package route

import (
	"reflect"
	"testing"
)

func TestParseTurnLanes(t *testing.T) {
	cases := []struct {
		in   string
		want []laneMask
	}{
		{"", nil},
		{"left|through|through;right", []laneMask{laneLeft, laneStraight, laneStraight | laneRight}},
		{"|through|", []laneMask{laneNone, laneStraight, laneNone}},
		{"reverse;left||merge_to_left", []laneMask{laneUTurn | laneLeft, laneNone, laneMergeToLeft}},
		{"left|sideways", nil}, // a marking OSRM does not know: no lanes
	}
	for _, c := range cases {
		if got := parseTurnLanes(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("parseTurnLanes(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}

func TestLaneIndications(t *testing.T) {
	got := (laneUTurn | laneLeft | laneStraight).indications()
	want := []string{"straight", "left", "uturn"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("indications = %v, want %v", got, want)
	}
}

func TestLaneDataOf(t *testing.T) {
	cases := []struct {
		name string
		desc []laneMask
		want []laneData
	}{
		{"left, through, through and right (lanes from the right)",
			[]laneMask{laneLeft, laneStraight, laneStraight | laneRight},
			[]laneData{{laneRight, 0, 0}, {laneStraight, 0, 1}, {laneLeft, 2, 2}}},
		{"a u-turn lane on the left",
			[]laneMask{laneUTurn, laneLeft, laneStraight},
			[]laneData{{laneStraight, 0, 0}, {laneLeft, 1, 1}, {laneUTurn, 2, 2}}},
		{"a marking inside another's lanes: unusable",
			[]laneMask{laneStraight, laneLeft | laneStraight, laneStraight},
			nil},
		{"a u-turn between other lanes: unusable",
			[]laneMask{laneLeft, laneUTurn, laneStraight},
			nil},
		{"none", nil, nil},
	}
	for _, c := range cases {
		if got := laneDataOf(c.desc); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: laneDataOf = %v, want %v", c.name, got, c.want)
		}
	}
}
