"""The build of the site as a package of steps, one module each; build.py (the repository's root) runs them."""
