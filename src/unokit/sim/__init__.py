"""What is built on the core and is not the game itself: simulation and search.

- :mod:`unokit.sim.simulate`: whole rounds of random legal moves, and their timing;
- :mod:`unokit.sim.fastplay` (with the C module ``unokit.sim._fastplay``): the optional
  accelerator that plays those rounds, and the expert's rollouts, at native speed;
- :mod:`unokit.sim.determinize`: a full game sampled from what one seat has seen;
- :mod:`unokit.sim.rollout`: the greedy rollout policy and the determinized search it serves,
  the reference that the accelerator reproduces;
- :mod:`unokit.sim.tournament`: bots against each other (process pool or Ray, ratings).

The core (the modules directly in :mod:`unokit`) imports only the standard library and never
this package; ``import unokit`` imports none of it.
"""
