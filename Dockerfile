FROM python:3.11-slim
WORKDIR /srv/warboard
COPY pyproject.toml README.md alembic.ini ./
COPY app ./app
COPY migrations ./migrations
COPY templates ./templates
COPY static ./static
RUN pip install --no-cache-dir .
EXPOSE 8000
CMD ["warboard", "serve", "--host", "0.0.0.0", "--port", "8000"]
