# Reference numbers for the rating model's fixture (reference.json beside this file).
# Run once with the Python `openskill` package 5.1.1 (pip install openskill==5.1.1):
#     python3 reference.py > reference.json
# Its BradleyTerryFull is the variant skillratings' Weng-Lin implements (full pairing,
# gamma = sigma_team / c, a tie scores 0.5); set to the same constants: beta 25/6,
# kappa 1e-6 (skillratings' uncertainty_tolerance), tau 0 (no added dynamics).
# openskill 6.2.0 gives the same numbers for these games (checked).
import json

import openskill
from openskill.models import BradleyTerryFull

model = BradleyTerryFull(mu=25.0, sigma=25.0 / 3.0, beta=25.0 / 6.0, kappa=1e-6, tau=0.0)

GAMES = [
    ("two new players, the first wins", [(25.0, 25.0 / 3.0), (25.0, 25.0 / 3.0)], [1, 2]),
    ("three rated players in order", [(28.0, 4.0), (25.0, 6.0), (31.0, 2.5)], [1, 2, 3]),
    ("four players, two tied for second", [(25.0, 25.0 / 3.0), (22.0, 3.0), (30.0, 5.0), (26.0, 7.0)], [1, 2, 2, 4]),
    ("three players all tied", [(20.0, 3.0), (25.0, 25.0 / 3.0), (33.0, 1.5)], [1, 1, 1]),
    ("a new player second between two anchors", [(30.0, 1.2), (25.0, 25.0 / 3.0), (19.0, 1.2)], [1, 2, 3]),
    ("an upset: the weakest wins", [(18.0, 2.0), (32.0, 2.0), (26.0, 2.0), (24.0, 4.0)], [1, 2, 3, 4]),
]

out = {
    "source": f"openskill {openskill.__version__} BradleyTerryFull(beta=25/6, kappa=1e-6, tau=0)",
    "games": [],
}
for name, seats, places in GAMES:
    teams = [[model.rating(mu=mu, sigma=sigma)] for mu, sigma in seats]
    rated = model.rate(teams, ranks=places)
    out["games"].append(
        {
            "name": name,
            "before": [list(s) for s in seats],
            "places": places,
            "after": [[t[0].mu, t[0].sigma] for t in rated],
        }
    )
print("{")
print(f' "source": {json.dumps(out["source"])},')
print(' "games": [')
print(",\n".join("  " + json.dumps(g) for g in out["games"]))
print(" ]")
print("}")
