#!/bin/sh
# Retakes the README's pictures (docs/*.png) from the built demo in headless Chromium:
# desktop at 1200 px, phones at 390 px, the Russian statistics page from a build into a
# temporary folder. Run after `make site`.
set -eu
site="$(pwd)/_site"
shot() { # width height file url [dark]
  if [ "${5:-}" = dark ]; then dark="--force-dark-mode --blink-settings=preferredColorScheme=0"; else dark=""; fi
  # shellcheck disable=SC2086
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
    --window-size="$1,$2" $dark --screenshot="$3" "$4" >/dev/null 2>&1
}
shot 1200 1300 docs/profile.png "file://$site/index.html"
shot 1200 2000 docs/statistics.png "file://$site/statistics/index.html"
shot 390 1200 docs/profile-phone.png "file://$site/index.html"
shot 390 1500 docs/statistics-phone.png "file://$site/statistics/index.html"
shot 390 1500 docs/meals-phone-dark.png "file://$site/meals/index.html" dark
shot 390 1500 docs/statistics-phone-dark.png "file://$site/statistics/index.html" dark
shot 1200 1100 docs/cards-dark.png "file://$site/cards/index.html" dark
shot 1200 1000 docs/repositories.png "file://$site/repositories/forks/stars/index.html"
shot 390 1500 docs/repositories-phone-dark.png "file://$site/repositories/index.html" dark
# The newest workout with a track: its page shows the route, the charts and the splits.
workout=$(python3 -c 'import json, os; w = [x for x in json.load(open("Store/workouts.json")) if os.path.exists("Store/tracks/" + x["id"] + ".json")]; print(max(w, key=lambda x: x["start"])["id"])')
shot 1200 2300 docs/workout.png "file://$site/workouts/$workout/index.html"
shot 390 2000 docs/workout-phone-dark.png "file://$site/workouts/$workout/index.html" dark
shot 1200 1400 docs/workouts.png "file://$site/workouts/index.html"
ru="$(mktemp -d)"
.build/release/usergraph build --quiet --language ru --output "$ru/site"
shot 1200 2000 docs/statistics-ru.png "file://$ru/site/statistics/index.html"
rm -rf "$ru"
cp _site/social.png docs/social.png
