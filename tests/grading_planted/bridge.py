"""Bridge and torch, a puzzle of our own with a planted wrong model for ``stategraph grade``.

People cross a bridge at night, at most two at a time, with the one torch, a pair at the slower
one's pace; what is the least time for all to cross?  ``Bridge`` is the reference (any one or two
cross, any one or two bring the torch back).  ``Escort``, the student, has the fastest escort
everyone: the fastest on the near side crosses with one other, the fastest on the far side comes
back.  That is the best plan for up to three people, and for four it loses whenever the two
slowest should cross together (``4 1 1 2 2``: 7 minutes, where 6 will do).

``LongBridge`` is the same reference, its people taking 1 to 100 minutes each.  ``TimesOnly``, the
student, keeps on each side the set of crossing times, not the people: two people of the same time
become one, so with three people or more and a time shared it finds a plan too short.  A time
shared among up to three people of a hundred minutes each is rare: one instance in a hundred.
"""

from itertools import combinations

from stategraph.contract.first_level import SuccessorPuzzle


class Crossings:
    """(who is still on the near side, as a sorted tuple of 1-based numbers; the torch's side, N or F)"""

    def start(self, times):
        return tuple(range(1, len(times) + 1)), "N"

    def is_goal(self, times, state):
        return state == ((), "F")

    def moves(self, times, state):
        near, torch = state
        here = near if torch == "N" else tuple(p for p in range(1, len(times) + 1) if p not in near)
        for group in self.groups(times, here, torch):
            after = tuple(sorted(set(near) - set(group))) if torch == "N" else tuple(sorted(near + group))
            label = "+".join(map(str, group))
            yield (f"{label}>" if torch == "N" else f"<{label}"), (after, "F" if torch == "N" else "N"), \
                max(times[p - 1] for p in group)

    def groups(self, times, here, torch):
        return [*((p,) for p in here), *combinations(here, 2)]


class EscortRules(Crossings):
    """the fastest escorts everyone (wrong from four people on)"""

    def groups(self, times, here, torch):
        fastest = min(here, key=lambda p: (times[p - 1], p))
        if torch == "F" or len(here) == 1:
            return [(fastest,)]
        return [tuple(sorted((fastest, p))) for p in here if p != fastest]


class Bridge(SuccessorPuzzle):
    name, summary = "bridge", "Bridge and torch: the least time for everyone to cross, two at a time"
    sample = "2\n4 1 2 5 10\n3 1 1 1\n"
    counted, header, limits = True, "a line 'n t1 .. tn'", {"max_people": 8, "max_time": 100}
    models = {"crossings": Crossings}

    def read(self, tokens, limits):
        people = tokens.integer("the number of people", 1, limits["max_people"])
        return tuple(tokens.integer("a crossing time", 1, limits["max_time"]) for _ in range(people))

    def random_instance(self, rng, size):
        """One instance of 1 to ``size + 1`` people, each crossing in 1 to ``size + 2`` minutes."""
        people = rng.randint(1, size + 1)
        return f"1\n{people} " + " ".join(str(rng.randint(1, size + 2)) for _ in range(people)) + "\n"


class Escort(Bridge):
    models = {"escort": EscortRules}


class TimesRules(Crossings):
    """the set of crossing times still on the near side, and the torch's side (wrong)"""

    def start(self, times):
        return tuple(sorted(set(times))), "N"

    def moves(self, times, state):
        near, torch = state
        here = near if torch == "N" else tuple(sorted(set(times) - set(near)))
        for group in [*((t,) for t in here), *combinations(here, 2)]:
            after = tuple(sorted(set(near) - set(group))) if torch == "N" else tuple(sorted(set(near) | set(group)))
            label = "+".join(map(str, group))
            yield (f"{label}>" if torch == "N" else f"<{label}"), (after, "F" if torch == "N" else "N"), max(group)


class LongBridge(Bridge):
    def random_instance(self, rng, size):
        """One instance of 1 to ``size + 1`` people, each crossing in 1 to 100 minutes."""
        people = rng.randint(1, size + 1)
        return f"1\n{people} " + " ".join(str(rng.randint(1, 100)) for _ in range(people)) + "\n"


class TimesOnly(LongBridge):
    models = {"times": TimesRules}
