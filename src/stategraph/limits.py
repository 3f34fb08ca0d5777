"""The bounds every layer shares: the largest setting, and the defaults of the limits a run may
raise (below the settings, so a graph builder or a checker reads them without loading those).
"""

MAX_LIMIT = 10**8  # the largest value of any integer setting, and of any key under limits (a census of millions)
MAX_MOVES = 10_000  # the default of limits.max_moves: the moves() one state may yield (an endless one stops)
MAX_STATES = 200_000  # the default of limits.max_states: the states a first-level puzzle's graph may hold
MAX_POSITIONS = 200_000  # the default of verify.max_positions: naive positions a check may visit per answer
GRADE_SECONDS = 10.0  # `stategraph grade`: a student's time for one instance, by default
GRADE_MEMORY_MIB = 2048  # and the address space its child process may take, in MiB (it starts near 120)
MIN_GRADE_MEMORY_MIB = 256  # less leaves a child no room to load its code
MOST_GRADE_SECONDS = 86_400.0  # a day: a larger budget (or nan, inf) is a mistake, not a budget
MOST_GRADE_MEMORY_MIB = 1 << 20  # 1 TiB: more than any machine here, and within what setrlimit takes
