"""The one callback guard (`_deferred.guarded`): what C calls never raises
into C, counts its depth and stores the first exception for the caller."""
import math

from xyzalert import _deferred


def test_a_guarded_function_gets_every_argument_and_gives_its_result():
    seen = []
    call = _deferred.guarded(lambda a, b, context: seen.append((a, b, context)) or a + b, 3)
    assert call(2, 3, None) == 5
    assert seen == [(2, 3, None)]


def test_an_exception_is_stored_not_raised_and_the_depth_comes_back():
    depths = []

    def fails(context):
        depths.append(_deferred.depth[0])
        raise KeyError("from a callback")

    before = _deferred.depth[0]
    assert math.isnan(_deferred.guarded(fails, 1, math.nan)(None))
    assert depths == [before + 1] and _deferred.depth[0] == before
    stored = _deferred._take_pending()
    assert isinstance(stored, KeyError)
    assert _deferred._take_pending() is None


def test_the_guard_of_each_arity_is_made_once():
    first = _deferred.guarded(lambda a, context: a, 2)
    second = _deferred.guarded(lambda a, context: -a, 2)
    assert (first(1, None), second(1, None)) == (1, -1)
    assert first.__code__ is second.__code__
