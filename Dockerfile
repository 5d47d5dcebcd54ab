# Warboard's image: the wheel (which carries templates, static files and migrations, see
# setup.py) installed into a slim Python, run as an unprivileged user.
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml setup.py README.md alembic.ini ./
COPY app ./app
COPY migrations ./migrations
COPY templates ./templates
COPY static ./static
RUN pip wheel --no-cache-dir --no-deps --wheel-dir /wheels .

FROM python:3.11-slim
RUN useradd --system --uid 10001 --create-home --home-dir /srv/warboard warboard
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir /wheels/*.whl && rm -rf /wheels
USER warboard
WORKDIR /srv/warboard
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2)"]
CMD ["warboard", "serve", "--host", "0.0.0.0", "--port", "8000"]
